import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod/mini';
import { errorCatalogue } from '../../../shared/errors';
import { spec8ErrorCatalogue } from '../../../shared/error-catalogue';
import { couponSchema } from '../../../shared/rules/coupon';
import { eventSchema } from '../../../shared/rules/event';
import { inviteSchema } from '../../../shared/rules/invite';
import { customMailSchema, mailSchema } from '../../../shared/rules/mail';
import { newsSchema } from '../../../shared/rules/news';
import { newPasswordSchema } from '../../../shared/rules/password';
import { invoiceRecipientSchema, priceSchema } from '../../../shared/rules/price';
import { surveySchema } from '../../../shared/rules/survey';
import { taxRateSchema } from '../../../shared/rules/tax-rate';
import { testSchema } from '../../../shared/rules/test-quiz';
import { workflowSchema } from '../../../shared/rules/workflow';

const now = () => new Date('2024-05-01T00:00:00Z');
const codes = new Set(Object.keys({ ...errorCatalogue, ...spec8ErrorCatalogue }));

/** Each schema with an input it accepts; the properties below break that input field by field. */
const samples: [string, z.ZodMiniType, Record<string, unknown>][] = [
  [
    'mail',
    mailSchema({ now }),
    {
      title: 't',
      subject: 's',
      body: 'b',
      recipients: { target: 'groups', groupIds: ['g'] },
      sendAt: '2024-05-02T00:00:00Z',
    },
  ],
  ['customMail', customMailSchema, { title: 't', eventType: 'welcome', objectIds: ['o'], subject: 's', body: 'b' }],
  ['news', newsSchema, { title: 't', content: 'c', groupIds: ['g'] }],
  ['newPassword', newPasswordSchema(true), { password: 'Abcdefg1', passwordConfirmation: 'Abcdefg1' }],
  [
    'workflow',
    workflowSchema,
    { title: 't', eventType: 'e', waitDays: 1, targetIds: ['x'], actions: [{ type: 'joinGroups', groupIds: ['g'] }] },
  ],
  ['survey', surveySchema, { title: 't', questions: [{ title: 'q', fieldName: 'f', type: 'radio', required: true, options: ['a', 'b'] }] }],
  [
    'test',
    testSchema,
    {
      title: 't',
      questions: [{ title: 'q', fieldName: 'f', type: 'radio', options: ['a', 'b'], correctAnswers: [0] }],
      passStandard: 1,
    },
  ],
  [
    'event',
    eventSchema,
    {
      title: 't',
      applicationStart: '2024-05-01T00:00:00Z',
      applicationEnd: '2024-05-03T00:00:00Z',
      holdStart: '2024-05-02T00:00:00Z',
      holdEnd: '2024-05-04T00:00:00Z',
      contents: [{ type: 'video', id: 'v' }],
    },
  ],
  [
    'coupon',
    couponSchema({ now }),
    {
      name: 'n',
      discount: { type: 'percent', percentOff: 10 },
      duration: 'repeating',
      durationInMonths: 2,
      redeemBy: '2024-06-01T00:00:00Z',
      maxRedemptions: 5,
    },
  ],
  [
    'invite',
    inviteSchema({ now }),
    { title: 't', maxRegistrations: 3, deadline: '2024-06-01T00:00:00Z', validUntil: '2024-07-01T00:00:00Z' },
  ],
  [
    'price',
    priceSchema,
    {
      productId: 'p',
      nickname: 'n',
      unitAmount: 100,
      currency: 'jpy',
      type: 'recurring',
      interval: 'month',
      trialDays: 3,
      validDays: 0,
    },
  ],
  ['invoiceRecipient', invoiceRecipientSchema, { name: 'n', email: 'a@example.com' }],
  ['taxRate', taxRateSchema, { displayName: 'd', percentage: 10 }],
];

describe.each(samples)('%s schema', (_, schema, sample) => {
  it('accepts its sample', () => {
    expect(schema.safeParse(sample).success).toBe(true);
  });

  it('never throws on broken fields and answers only catalogue codes', () => {
    const broken = fc.record(
      Object.fromEntries(Object.keys(sample).map((key) => [key, fc.oneof(fc.constant(sample[key]), fc.anything())])),
    );
    fc.assert(
      fc.property(broken, (input) => {
        const result = schema.safeParse(input);
        for (const issue of result.error?.issues ?? []) expect(codes, JSON.stringify(issue)).toContain(issue.message);
      }),
      { numRuns: 300 },
    );
  });
});
