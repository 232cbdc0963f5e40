import * as z from 'zod/mini';
import { code, invalidValue } from '../../rules/issues';
import { callsOf } from '../define';
import { versionSchema } from '../version';

const settingsCall = callsOf('settings');

/**
 * SPEC §2 /admin/app_setting (site manager): the SPEC §3 site settings of the members' app that nothing else edits:
 * the members' default language and the page a member lands on after logging in. The site's own addresses (login,
 * landing page, catalog) are fixed by the product and shown there to copy. Versioned like the other settings.
 */
export const memberLanguages = ['ja', 'en'] as const;
export type MemberLanguage = (typeof memberLanguages)[number];

/** A page of the member area, as its path under /user/:teamId ('' = the home): `news`, `videos/newer`, … */
export const MEMBER_PATH = /^(?:[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+)*)?$/;

export interface AppSettings {
  /** The language members and visitors see until they choose one (`?lang=` and a stored choice win); '' = their browser's. */
  memberLanguage: MemberLanguage | '';
  /** Where a member lands after logging in when the login named no page: a path under /user/:teamId. */
  afterLoginPath: string;
}

export interface AppSettingsAnswer {
  appSettings: AppSettings;
  version: number;
}

export const defaultAppSettings: AppSettings = { memberLanguage: '', afterLoginPath: '' };

export const appSettingsInput = z.object({
  version: versionSchema(0),
  memberLanguage: z.enum(['', ...memberLanguages], invalidValue),
  afterLoginPath: z
    .string(invalidValue)
    .check(z.trim(), z.maxLength(200, code('validation/too_long')), z.regex(MEMBER_PATH, code('validation/invalid_value'))),
});

export const getAppSettingsCall = settingsCall<z.ZodMiniObject<{}>, AppSettingsAnswer>()('/settings/app/get', 'admin.site', z.object({}));

export const updateAppSettingsCall = settingsCall<typeof appSettingsInput, AppSettingsAnswer>()('/settings/app/update', 'admin.site', appSettingsInput);
