import * as z from 'zod/mini';
import { callsOf } from '../define';
import { idSchema } from '../ids';
import { languages, type Plan } from '../../constants';
import { emailSchema, passwordSchema } from '../../rules/account';
import { passwordConfirmationCheck, passwordsMatch } from '../../rules/password';

const authCall = callsOf('auth');

export interface AdminTeam {
  teamId: string;
  siteName: string;
  /** The team requires administrators to use TOTP and this one has none yet: enrol (/two_factor/:teamId?for=admin), then log in again. */
  twoFactorNotConfigured?: true;
}

/**
 * Called by /logged_in after the admin login: the teams this account administers.
 * A member-only account is refused with `auth/no_admin_account` (SPEC §8).
 */
export const adminLoginCall = authCall<z.ZodMiniObject<{}>, { userId: string; teams: AdminTeam[] }>()('/auth/admin_login', 'signedIn', z.object({}));

const languageSchema = z._default(z.enum(languages, { error: 'validation/invalid_value' }), 'ja');
/**
 * The UI language the web runs in, sent with the sign-in and the signed-in shell's context call (issue 30): the
 * server records it as the person's last used language (mails follow it when they chose none). Absent: not told.
 */
export const uiLanguageSchema = z.optional(z.enum(languages, { error: 'validation/invalid_value' }));
/** The mailed links' token: 32 random bytes, base64url. */
const linkTokenSchema = z.string({ error: 'validation/required' }).check(z.regex(/^[A-Za-z0-9_-]{43}$/, 'auth/link_invalid'));

/** What the member login page may show before anyone signed in (SPEC §2 /login/:teamId). */
export interface LoginPageInfo {
  teamId: string;
  siteName: string;
  /** The team's complex-password rule, for the password forms reached from the login page. */
  complexPassword: boolean;
}

export const getLoginPageInfoCall = authCall<z.ZodMiniObject<{ teamId: typeof idSchema }>, LoginPageInfo>()('/auth/login_page_info', 'public', z.object({ teamId: idSchema }));

/** SPEC §4 login outcomes a member login can end in. */
export const memberLoginOutcomes = [
  'login',
  'noAccountForTeam',
  'adminMustUseAdminLogin',
  'ipRestricted',
  'disabled',
  'cancelled',
  'expired',
  'unapproved',
  'unverifiedEmail',
  'changePassword',
  'twoFactorNotConfigured',
  /** SPEC §4 survey user: logged in, and sent to /enquete/:teamId to answer the registration survey first. */
  'surveyRequired',
] as const;
export type MemberLoginOutcome = (typeof memberLoginOutcomes)[number];

export type MemberLoginAnswer =
  | {
      outcome: 'login';
      userId: string;
      siteName: string;
      /** Sent back with every member call (header `x-login-session`): a later login elsewhere ends this one. */
      loginSessionId: string;
    }
  | {
      /** Logged in as `login` is, with the registration survey to answer before the home. */
      outcome: 'surveyRequired';
      userId: string;
      siteName: string;
      loginSessionId: string;
    }
  | { outcome: 'cancelled'; deletionScheduledAt?: string }
  | { outcome: Exclude<MemberLoginOutcome, 'login' | 'cancelled' | 'surveyRequired'> };

/**
 * Called by /logged_in/:teamId right after the Cognito sign-in: decides the SPEC §4 login outcome
 * for this team and, on `login`, records the login session.
 */
export const memberLoginCall = authCall<z.ZodMiniObject<{ teamId: typeof idSchema; language: typeof uiLanguageSchema }>, MemberLoginAnswer>()(
  '/auth/member_login',
  'signedIn',
  z.object({ teamId: idSchema, language: uiLanguageSchema }),
);

/** The member home's header: who is signed in, in which site. */
export interface MemberContext {
  teamId: string;
  userId: string;
  name: string;
  email: string;
  siteName: string;
  /** The team's plan (the analysis period maximum, SPEC §5). */
  plan: Plan;
  /** A group manager with the analyst permission on a group (SPEC §6): the member area shows their groups' analytics. */
  analyzesGroups: boolean;
  /** A group manager with a permission on a group's members (create, read, edit, delete): the member area shows their groups. */
  managesGroups: boolean;
}

/** `language`: the UI language the shell runs in (recorded on the member when it changed, for their mails). */
export const getMemberContextCall = authCall<z.ZodMiniObject<{ language: typeof uiLanguageSchema }>, MemberContext>()(
  '/auth/member_context',
  'member',
  z.object({ language: uiLanguageSchema }),
);

/** /unverified_email/:teamId: a new confirmation link (answers the same whether or not one was due). */
export const resendVerificationMailCall = authCall<
  z.ZodMiniObject<{ teamId: typeof idSchema; language: typeof languageSchema }>,
  { sent: true }
>()('/auth/resend_verification_mail', 'signedIn', z.object({ teamId: idSchema, language: languageSchema }));

/** /verify_email/:token: uses the mailed link; answers the team to log in to and where to continue. */
export const verifyEmailCall = authCall<z.ZodMiniObject<{ token: typeof linkTokenSchema }>, { teamId: string; redirectPath?: string }>()('/auth/verify_email', 'public', z.object({ token: linkTokenSchema }));

export const requestPasswordResetInput = z.object({
  email: emailSchema,
  /** The team whose login page the request came from (`?tid=`); absent on the admin login. */
  teamId: z.optional(idSchema),
  language: languageSchema,
});

/** /request_reset_password: always the same answer, so it does not reveal whether the e-mail exists. */
export const requestPasswordResetCall = authCall<typeof requestPasswordResetInput, { accepted: true }>()('/auth/request_password_reset', 'public', requestPasswordResetInput);

/** The base rule only: the team's complex-password rule is applied by the server (and the form) on top. */
export const resetPasswordInput = z
  .object({
    token: linkTokenSchema,
    password: passwordSchema,
    passwordConfirmation: z.string({ error: 'validation/required' }).check(z.minLength(1, 'validation/required')),
  })
  .check(z.refine(passwordsMatch, passwordConfirmationCheck));

/** /change_password?token=: sets the new password through the mailed link (single use, 1 hour). */
export const resetPasswordCall = authCall<typeof resetPasswordInput, { teamId: string }>()('/auth/reset_password', 'public', resetPasswordInput);

export const setRequiredPasswordInput = z
  .object({
    teamId: idSchema,
    password: passwordSchema,
    passwordConfirmation: z.string({ error: 'validation/required' }).check(z.minLength(1, 'validation/required')),
  })
  .check(z.refine(passwordsMatch, passwordConfirmationCheck));

/** The change-password prompt (`mustChangePassword`): the signed-in member sets a new password. */
export const setRequiredPasswordCall = authCall<typeof setRequiredPasswordInput, { done: true }>()('/auth/set_required_password', 'signedIn', setRequiredPasswordInput);

/**
 * Only a path on this site may be a redirect target (never an open redirect): one leading slash, no
 * `//` or `/\\` (protocol-relative), no control characters or backslashes. Used by the server and /logged_in.
 */
export function sameSitePath(path: string | null | undefined): string | undefined {
  if (!path || path.length > 2000) return undefined;
  if (!path.startsWith('/') || path.startsWith('//')) return undefined;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(path)) return undefined;
  return path;
}

/** The header carrying the login session id of a member call (single login). */
export const LOGIN_SESSION_HEADER = 'x-login-session';
