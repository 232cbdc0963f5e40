import * as z from 'zod/mini';
import { checkTwoFactorSetting } from '../../rules/two-factor';
import { callsOf } from '../define';

const settingsCall = callsOf('settings');

const IPV4 = /^(25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])(\.(25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])){3}$/;

/** The address family of a literal IP address, or undefined. IPv6 is checked by the URL parser (same in browsers and Node). */
export function ipFamily(address: string): 4 | 6 | undefined {
  if (IPV4.test(address)) return 4;
  if (!/^[0-9A-Fa-f:.]+$/.test(address) || !address.includes(':')) return undefined;
  try {
    new URL(`http://[${address}]/`);
    return 6;
  } catch {
    return undefined;
  }
}

/** An allow-list entry: an address (one host) or a CIDR range, IPv4 or IPv6. */
export function isIpRange(entry: string): boolean {
  const [address, prefix, ...rest] = entry.split('/');
  if (rest.length) return false;
  const family = ipFamily(address);
  if (!family) return false;
  if (prefix === undefined) return true;
  if (!/^[0-9]{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

const ipListSchema = z
  .array(z.string({ error: 'validation/invalid_ip_range' }).check(z.trim(), z.refine(isIpRange, 'validation/invalid_ip_range')), {
    error: 'validation/invalid_value',
  })
  .check(z.maxLength(100, 'validation/too_long'));

/** SPEC §5/§6 security settings of the site (general_setting/basic_info). */
export interface SecuritySettings {
  /** Members must verify their e-mail address before they can log in. */
  emailValidityCheck: boolean;
  /** Members (and administrators of this team) must sign in with a TOTP code; needs emailValidityCheck. */
  twoFactorRequired: boolean;
  /** Administrators must sign in with a TOTP code too (enrolled on the same page as members). */
  adminTwoFactorRequired: boolean;
  /** Passwords follow the complex rule (8+, lower, upper, digit). */
  complexPassword: boolean;
  /** CIDR ranges administrators may call from; empty = anywhere. */
  adminIpAllowList: string[];
  /** CIDR ranges members may call from; empty = anywhere. */
  memberIpAllowList: string[];
  /** A new login ends the member's other sessions. */
  singleLogin: boolean;
  /** SPEC §6 site visitor: the public catalog (/catalog/:teamId) shows the team's public videos without login. */
  catalogPublic: boolean;
  /** SPEC §3 site settings: members may comment on videos. */
  commentsEnabled: boolean;
  /** Members may also comment on PDFs, articles, playlists, lives and events (with `commentsEnabled`). */
  contentCommentsEnabled: boolean;
  /** SPEC §3 survey after registration: the survey a member answers before their first visit of the home; null = none. */
  registrationEnqueteId: string | null;
  /** SPEC §3 site settings: chat between members and administrators; off by default, as someone must watch the inbox. */
  chatEnabled: boolean;
}

export const securitySettingsInput = z
  .object({
    emailValidityCheck: z.boolean({ error: 'validation/invalid_value' }),
    twoFactorRequired: z.boolean({ error: 'validation/invalid_value' }),
    adminTwoFactorRequired: z._default(z.boolean({ error: 'validation/invalid_value' }), false),
    complexPassword: z.boolean({ error: 'validation/invalid_value' }),
    adminIpAllowList: ipListSchema,
    memberIpAllowList: ipListSchema,
    singleLogin: z.boolean({ error: 'validation/invalid_value' }),
    catalogPublic: z._default(z.boolean({ error: 'validation/invalid_value' }), false),
    commentsEnabled: z._default(z.boolean({ error: 'validation/invalid_value' }), true),
    registrationEnqueteId: z._default(z.nullable(z.string({ error: 'validation/invalid_value' }).check(z.regex(/^[0-9A-Za-z_-]{1,64}$/, 'validation/invalid_value'))), null),
    contentCommentsEnabled: z._default(z.boolean({ error: 'validation/invalid_value' }), false),
    chatEnabled: z._default(z.boolean({ error: 'validation/invalid_value' }), false),
    /** The administrator saw that their own address is outside the admin list and saves anyway. */
    confirmLockout: z.optional(z.boolean({ error: 'validation/invalid_value' })),
  })
  .check(
    z.superRefine((v, ctx) => {
      if (typeof v.twoFactorRequired !== 'boolean' || typeof v.emailValidityCheck !== 'boolean') return;
      const failure = checkTwoFactorSetting({ twoFactor: v.twoFactorRequired, emailValidityCheck: v.emailValidityCheck });
      if (failure) ctx.addIssue({ code: 'custom', path: ['twoFactorRequired'], message: failure });
    }),
  );

/** The settings with the caller's own address, so the screen can warn before a lockout. */
export interface SecuritySettingsAnswer extends SecuritySettings {
  yourIp: string;
}

export const getSecuritySettingsCall = settingsCall<z.ZodMiniObject<{}>, SecuritySettingsAnswer>()('/settings/get_security', 'admin.site', z.object({}));

/** Saving an admin list without the caller's own address needs `confirmLockout` (else `settings/ip_lockout`). */
export const updateSecuritySettingsCall = settingsCall<typeof securitySettingsInput, SecuritySettingsAnswer>()('/settings/update_security', 'admin.site', securitySettingsInput);
