import * as z from 'zod/mini';
import { requiredText } from './account';
import { isoDateTimeSchema } from './dates';
import { code, invalidValue, issueAt, reportIssues, whenValid, type FieldIssue, type ValidationCode } from './issues';
import { flagSchema, idListSchema } from './common';

/** SPEC §5: a registration limit is a whole number above 0; null means unlimited. */
export function checkMaxRegistrations(max: number | null): ValidationCode | undefined {
  if (max === null) return undefined;
  if (!Number.isFinite(max) || max <= 0) return 'validation/registrations_not_positive';
  return Number.isSafeInteger(max) ? undefined : 'validation/not_integer';
}

const inPast = (date: Date | undefined, now: Date) => date !== undefined && date.getTime() < now.getTime();

export interface InviteDates {
  /** Last moment the invitation can be used. */
  deadline?: Date;
  /** Until when the accounts it creates stay valid. */
  validUntil?: Date;
}

/** SPEC §5: neither the deadline nor the validity lies in the past (now itself is still fine). */
export const checkInviteDates = ({ deadline, validUntil }: InviteDates, now: Date): FieldIssue[] => [
  ...issueAt(['deadline'], inPast(deadline, now) ? 'validation/deadline_in_past' : undefined),
  ...issueAt(['validUntil'], inPast(validUntil, now) ? 'validation/validity_in_past' : undefined),
];

/** An invitation: the SPEC §3 fields whose values have rules. */
export const inviteSchema = ({ now = () => new Date() }: { now?: () => Date } = {}) =>
  z
    .object(
      {
        title: requiredText(),
        maxRegistrations: z.nullable(z.number({ error: code('validation/registrations_not_positive') })),
        deadline: z.optional(isoDateTimeSchema),
        validUntil: z.optional(isoDateTimeSchema),
        groupIds: z._default(idListSchema, []),
        approvalRequired: flagSchema(false),
        comment: z.optional(z.string(invalidValue).check(z.maxLength(2000, code('validation/too_long')))),
      },
      invalidValue,
    )
    .check(
      z.superRefine(
        (invite, ctx) => reportIssues(ctx, issueAt(['maxRegistrations'], checkMaxRegistrations(invite.maxRegistrations))),
        whenValid('maxRegistrations'),
      ),
      z.superRefine((invite, ctx) => reportIssues(ctx, checkInviteDates(invite, now())), whenValid('deadline', 'validUntil')),
    );
export type InviteInput = z.input<ReturnType<typeof inviteSchema>>;
