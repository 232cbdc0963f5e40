import * as z from 'zod/mini';
import { callsOf } from '../define';
import { emailSchema, requiredText } from '../../rules/account';
import { notificationsSchema, type NotificationKey } from './members';
import type { CustomField, CustomFieldAnswer } from './custom-fields';
import { languages, type Language } from '../../constants';
import type { ErrorCode } from '../../errors';

const membersCall = callsOf('members');

export interface Profile {
  userId: string;
  name: string;
  email: string;
  role: 'admin' | 'member';
  notifications: Partial<Record<NotificationKey, boolean>>;
  /** The team's complex-password setting, so the password form checks the same rule Cognito will be asked for. */
  complexPassword: boolean;
  /** The language the person chose (mails to them use it later); absent: none chosen, the team's applies. */
  language?: Language;
  /**
   * The custom fields this person may answer themselves (a member: the fields their invitation asked them), with
   * their current answers. Other fields are the operator's. Always empty for an administrator.
   */
  customFields: { field: Pick<CustomField, 'fieldId' | 'name' | 'type' | 'required' | 'options'>; value?: CustomFieldAnswer }[];
  /** What deleting the account would do, said before the person confirms (SPEC §6). */
  deletion: AccountDeletionPreview;
}

export interface AccountDeletionPreview {
  /** Why deletion would be refused from the page the person is on (a member's page for members). */
  blockedBy?: ErrorCode;
  /** Subscriptions that renew or are owed (trialing, active, past due, unpaid): they block deletion. */
  activeSubscriptions: number;
  /** Subscriptions already cancelled at period end: deleting the account ends their access now. */
  endingSubscriptions: number;
  /** One-time purchases whose access deletion ends. */
  oneTimePurchases: number;
}

/** Any person of the team (administrator or member) manages their own account. */
const permission = 'member';

export const profileGetInput = z.object({});
export const profileGetCall = membersCall<typeof profileGetInput, { profile: Profile }>()('/profile/get', permission, profileGetInput);

export const profileUpdateInput = z.object({
  name: requiredText(100),
  notifications: z._default(notificationsSchema, {}),
  /** Absent: unchanged. */
  language: z.optional(z.enum(languages, { error: 'validation/invalid_value' })),
  /** Answers to the fields the person may edit (Profile.customFields), by field id; absent: unchanged. Others are refused. */
  customFields: z.optional(z.record(z.string().check(z.maxLength(64, 'validation/invalid_value')), z.unknown(), { error: 'validation/invalid_value' })),
});
export const profileUpdateCall = membersCall<typeof profileUpdateInput, { profile: Profile }>()('/profile/update', permission, profileUpdateInput);

export const emailChangeRequestInput = z.object({ email: emailSchema });
/** Sends a 6-digit code to the new address; the address changes only once the code comes back. */
export const emailChangeRequestCall = membersCall<typeof emailChangeRequestInput, Record<string, never>>()('/profile/request_email_change', permission, emailChangeRequestInput);

export const emailChangeConfirmInput = z.object({
  code: z
    .string({ error: 'validation/required' })
    .check(z.trim(), z.minLength(1, 'validation/required'), z.regex(/^[0-9]{6}$/, 'two_factor/code_mismatch')),
});
export const emailChangeConfirmCall = membersCall<typeof emailChangeConfirmInput, { profile: Profile }>()('/profile/confirm_email_change', permission, emailChangeConfirmInput);

export const accountDeleteInput = z.object({
  /** Where the request comes from: SPEC §6 administrators cannot delete their account from the member page. */
  from: z.enum(['admin', 'member'], { error: 'validation/invalid_value' }),
});
export const accountDeleteCall = membersCall<typeof accountDeleteInput, Record<string, never>>()('/profile/delete_account', permission, accountDeleteInput);
