import * as z from 'zod/mini';
import { defineCall } from '../define';
import { emailSchema, requiredText } from '../../rules/account';
import { notificationsSchema, type NotificationKey } from './members';

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
export const profileGetCall = defineCall<typeof profileGetInput, { profile: Profile }>()({
  path: '/profile/get',
  domain: 'members',
  permission,
  input: profileGetInput,
});

export const profileUpdateInput = z.object({ name: requiredText(100), notifications: z._default(notificationsSchema, {}) });
export const profileUpdateCall = defineCall<typeof profileUpdateInput, { profile: Profile }>()({
  path: '/profile/update',
  domain: 'members',
  permission,
  input: profileUpdateInput,
});

export const emailChangeRequestInput = z.object({ email: emailSchema });
/** Sends a 6-digit code to the new address; the address changes only once the code comes back. */
export const emailChangeRequestCall = defineCall<typeof emailChangeRequestInput, Record<string, never>>()({
  path: '/profile/request_email_change',
  domain: 'members',
  permission,
  input: emailChangeRequestInput,
});

export const emailChangeConfirmInput = z.object({
  code: z
    .string({ error: 'validation/required' })
    .check(z.trim(), z.minLength(1, 'validation/required'), z.regex(/^[0-9]{6}$/, 'two_factor/code_mismatch')),
});
export const emailChangeConfirmCall = defineCall<typeof emailChangeConfirmInput, { profile: Profile }>()({
  path: '/profile/confirm_email_change',
  domain: 'members',
  permission,
  input: emailChangeConfirmInput,
});

export const accountDeleteInput = z.object({
  /** Where the request comes from: SPEC §6 administrators cannot delete their account from the member page. */
  from: z.enum(['admin', 'member'], { error: 'validation/invalid_value' }),
});
export const accountDeleteCall = defineCall<typeof accountDeleteInput, Record<string, never>>()({
  path: '/profile/delete_account',
  domain: 'members',
  permission,
  input: accountDeleteInput,
});
