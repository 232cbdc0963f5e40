import * as z from 'zod/mini';
import { callsOf } from '../define';
import { emailSchema, requiredText } from '../../rules/account';
import { notificationsSchema, type NotificationKey } from './members';

const membersCall = callsOf('members');

export interface Profile {
  userId: string;
  name: string;
  email: string;
  role: 'admin' | 'member';
  notifications: Partial<Record<NotificationKey, boolean>>;
  /** The team's complex-password setting, so the password form checks the same rule Cognito will be asked for. */
  complexPassword: boolean;
}

/** Any person of the team (administrator or member) manages their own account. */
const permission = 'member';

export const profileGetInput = z.object({});
export const profileGetCall = membersCall<typeof profileGetInput, { profile: Profile }>()('/profile/get', permission, profileGetInput);

export const profileUpdateInput = z.object({ name: requiredText(100), notifications: z._default(notificationsSchema, {}) });
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
