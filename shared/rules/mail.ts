import * as z from 'zod/mini';
import { autoMailEvents, MAIL_BODY_MAX_LENGTH, SCHEDULED_MAIL_STEP_SECONDS } from '../constants';
import { requiredText } from './account';
import { checkSendTime, isoDateTimeSchema } from './dates';
import { code, invalidValue, issueAt, reportIssues, whenValid, type FieldIssue, type ValidationCode } from './issues';
import { maxLengthRule } from './text';
import { flagSchema, idListSchema } from './common';

const tooLong = maxLengthRule(MAIL_BODY_MAX_LENGTH, 'validation/mail_body_too_long');

/** SPEC §5: an e-mail body is required and has at most 2000 characters. */
export const checkMailBody = (body: string): ValidationCode | undefined => (body.trim() === '' ? 'validation/required' : tooLong(body));

export const mailBodySchema = z.string({ error: code('validation/required') }).check(
  z.refine((body) => body.trim() !== '', code('validation/required')),
  z.refine((body) => !tooLong(body), code('validation/mail_body_too_long')),
);

/** Who receives a mail: chosen members one by one, or whole groups. */
export type MailRecipients = { target: 'individual'; userIds: readonly string[] } | { target: 'groups'; groupIds: readonly string[] };

/** SPEC §5: at least one recipient. */
export const checkRecipients = (recipients: MailRecipients): ValidationCode | undefined =>
  (recipients.target === 'individual' ? recipients.userIds : recipients.groupIds).length === 0
    ? 'validation/recipient_required'
    : undefined;

/** SPEC §9: scheduled mail goes out on the hour (one-hour steps). */
export const isOnScheduleStep = (sendAt: Date): boolean => sendAt.getTime() % (SCHEDULED_MAIL_STEP_SECONDS * 1000) === 0;

export interface MailSchedule {
  recipients: MailRecipients;
  /** Undefined: send now. */
  sendAt?: Date;
}

/**
 * The sending time of a mail: none for an individual send (SPEC §8), otherwise on the
 * hour and after the moment of the operation.
 */
export function checkMailSchedule({ recipients, sendAt }: MailSchedule, now: Date): FieldIssue[] {
  if (!sendAt) return [];
  if (recipients.target === 'individual') return [{ path: ['sendAt'], code: 'validation/send_time_not_allowed' }];
  if (!isOnScheduleStep(sendAt)) return [{ path: ['sendAt'], code: 'validation/send_time_not_on_hour' }];
  return issueAt(['sendAt'], checkSendTime(sendAt, now));
}

export const mailRecipientsSchema = z.discriminatedUnion(
  'target',
  [
    z.object({ target: z.literal('individual'), userIds: idListSchema }, invalidValue),
    z.object({ target: z.literal('groups'), groupIds: idListSchema }, invalidValue),
  ],
  { error: code('validation/recipient_required') },
);

export interface ClockOption {
  /** The moment of the operation; the server's clock unless a test passes its own. */
  now?: () => Date;
}

/** A mail (send_email create/edit): title, subject, body, recipients and an optional sending time. */
export const mailSchema = ({ now = () => new Date() }: ClockOption = {}) =>
  z
    .object(
      {
        title: requiredText(),
        subject: requiredText(),
        body: mailBodySchema,
        recipients: mailRecipientsSchema,
        sendAt: z.optional(isoDateTimeSchema),
      },
      invalidValue,
    )
    .check(
      z.superRefine((mail, ctx) => reportIssues(ctx, checkMailSchedule(mail, now())), whenValid('recipients', 'sendAt')),
      z.superRefine((mail, ctx) => reportIssues(ctx, issueAt(['recipients'], checkRecipients(mail.recipients))), whenValid('recipients')),
    );
export type MailInput = z.input<ReturnType<typeof mailSchema>>;

/** SPEC §5 custom auto mail: event type and at least one object are required. */
export const customMailSchema = z.object(
  {
    title: requiredText(),
    eventType: z.enum(autoMailEvents, { error: code('validation/required') }),
    objectIds: idListSchema.check(z.minLength(1, code('validation/objects_required'))),
    subject: requiredText(),
    body: mailBodySchema,
    enabled: flagSchema(true),
  },
  invalidValue,
);
export type CustomMailInput = z.input<typeof customMailSchema>;
