import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { requestPasswordResetInput } from '../../../shared/api/calls/auth';
import { joinInput, sendInviteMailInput } from '../../../shared/api/calls/invites';
import { createInvoicePaymentInput } from '../../../shared/api/calls/payments';
import { emailChangeRequestInput } from '../../../shared/api/calls/profile';
import { registerOperatorInput } from '../../../shared/api/calls/teams';
import { emailSchema } from '../../../shared/rules/account';
import { normalizeEmail } from '../../../shared/rules/email';
import { parseMemberCsv } from '../../../shared/rules/member-csv';

const typed = '  Acc.Cap@Example.com ';
const stored = 'acc.cap@example.com';
const ID = '01HZZZZZZZZZZZZZZZZZZZZZZZ';

describe('normalizeEmail: the one form of an address', () => {
  it('trims and lower-cases, keeping every other character', () => {
    expect(normalizeEmail(typed)).toBe(stored);
    expect(normalizeEmail('Taro.Yamada+Video@Sub.Example.CO.JP')).toBe('taro.yamada+video@sub.example.co.jp');
    expect(normalizeEmail(stored)).toBe(stored);
  });

  it('is idempotent and makes addresses differing only in case and surrounding spaces equal', () => {
    fc.assert(
      fc.property(fc.emailAddress(), fc.boolean(), (email, upper) => {
        const variant = ` ${upper ? email.toUpperCase() : email}\t`;
        expect(normalizeEmail(normalizeEmail(variant))).toBe(normalizeEmail(variant));
        expect(normalizeEmail(variant)).toBe(normalizeEmail(email));
      }),
    );
  });
});

describe('every boundary an address enters by answers the one form', () => {
  const password = { password: 'secret-pass1', passwordConfirmation: 'secret-pass1' };

  it('the e-mail rule itself, after its checks on what was typed', () => {
    expect(emailSchema.parse(typed)).toBe(stored);
    expect(emailSchema.safeParse('Not An Address').error?.issues[0]?.message).toBe('validation/invalid_email');
  });

  it('registration of an operator, joining by invitation, and the password reset request', () => {
    const operator = { ...password, email: typed, name: 'N', companyName: 'C', siteName: 'S', phone: '03-1234-5678', agreeToTerms: true };
    expect(registerOperatorInput.parse(operator).email).toBe(stored);
    expect(joinInput.parse({ ...password, inviteId: ID, kind: 'user', email: typed }).email).toBe(stored);
    expect(requestPasswordResetInput.parse({ email: typed }).email).toBe(stored);
  });

  it('an e-mail change, an invoice recipient (the Stripe customer), and invitations by mail (one mail per address)', () => {
    expect(emailChangeRequestInput.parse({ email: typed }).email).toBe(stored);
    expect(createInvoicePaymentInput.parse({ price: 'price_123', name: 'Taro', email: typed }).email).toBe(stored);
    const { emails } = sendInviteMailInput.parse({ inviteId: ID, emails: [typed, stored, 'ACC.CAP@EXAMPLE.COM'] });
    expect(new Set(emails)).toEqual(new Set([stored]));
  });

  it('a member CSV: the row holds the one form, and the same address in other capitals is a repeated row', () => {
    const { rows, errors } = parseMemberCsv(`email,name\n${typed.trim()},One\nACC.CAP@EXAMPLE.COM,Two\n`, { customFields: [], maxRows: 10 });
    expect(rows.map((r) => r.email)).toEqual([stored]);
    expect(errors).toEqual([{ row: 3, column: 'email', code: 'import/duplicate_email' }]);
  });
});
