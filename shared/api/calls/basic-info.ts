import * as z from 'zod/mini';
import { phoneSchema, requiredText } from '../../rules/account';
import { code, invalidValue } from '../../rules/issues';
import { GA4_ID, GTM_ID } from '../../rules/site-tags';
import { callsOf } from '../define';
import { listSortDirections, listSortKeys, type ListSort } from '../../rules/list-sort';
import { versionSchema } from '../version';

const settingsCall = callsOf('settings');

/**
 * SPEC §2 /admin/general_setting/basic_info and SPEC §3 site settings: who runs the site and how it presents
 * itself. Site name, company and phone live on the team; the rest in one versioned settings item. Every update
 * names the `version` it was edited from (0 = never saved); a concurrent edit answers 409 `common/concurrent_update`.
 */
export const socialKinds = ['x', 'facebook', 'instagram', 'youtube', 'line', 'tiktok'] as const;
export type SocialKind = (typeof socialKinds)[number];
/**
 * The member lists' default order (SPEC §3 default sort orders, SPEC §9 sort options): release date (else creation),
 * creation, update date or title, ascending or descending. Each is an index of the list rows
 * (lambdas/core/entities/list-rows.ts). "Newest" is release date descending; "amount" orders prices, not contents.
 */
export const defaultSortKeys = listSortKeys;
export type DefaultSortKey = ListSort['key'];

export const BASIC_DESCRIPTION_MAX_LENGTH = 1000;
export const SITE_LINKS_MAX = 10;

export interface SiteLink {
  label: string;
  url: string;
}

export interface SocialLink {
  kind: SocialKind;
  url: string;
}

export interface BasicInfo {
  siteName: string;
  companyName: string;
  phone: string;
  description: string;
  /** The site's own domain (host name only), '' = none. */
  domain: string;
  /** The From address of the site's mail, '' = the platform's. */
  senderEmail: string;
  footerLinks: SiteLink[];
  socialLinks: SocialLink[];
  defaultSort: { order: DefaultSortKey; direction: ListSort['direction'] };
  /** Google Analytics 4 measurement id (G-XXXX), '' = none: member pages load the tag when set. */
  analyticsTagId: string;
  /** Google Tag Manager container id (GTM-XXXX), '' = none: member pages load the container when set. */
  tagManagerId: string;
  /** The site's logo and favicon (uploaded through /settings/basic_info/upload_image), null = none. */
  logoKey: string | null;
  faviconKey: string | null;
}

export interface BasicInfoAnswer {
  basicInfo: BasicInfo;
  version: number;
}

const HTTP_URL = /^https?:\/\/[^\s/$.?#][^\s]*$/i;
const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Optional text of a shape: '' (none) or matching `pattern`. */
const optionalShaped = (max: number, pattern: RegExp, message: Parameters<typeof code>[0]) =>
  z
    .string(invalidValue)
    .check(z.trim(), z.maxLength(max, code('validation/too_long')), z.refine((v) => v === '' || pattern.test(v), code(message)));

/** An uploaded site image's key (the server checks it is this team's and exists). */
const siteImageKeySchema = z
  .string({ error: code('validation/required') })
  .check(z.regex(/^T\/[0-9A-Za-z_-]{1,64}\/files\/designImage\/[0-9A-Za-z_.-]{1,120}$/, code('validation/invalid_value')));

const urlSchema = z
  .string({ error: code('validation/required') })
  .check(z.trim(), z.minLength(1, code('validation/required')), z.maxLength(500, code('validation/too_long')), z.regex(HTTP_URL, code('validation/invalid_url')));

export const basicInfoInput = z.object({
  version: versionSchema(0),
  siteName: requiredText(100),
  companyName: requiredText(100),
  phone: phoneSchema,
  description: z.string(invalidValue).check(z.trim(), z.maxLength(BASIC_DESCRIPTION_MAX_LENGTH, code('validation/too_long'))),
  domain: optionalShaped(253, DOMAIN, 'validation/invalid_domain'),
  senderEmail: optionalShaped(254, EMAIL, 'validation/invalid_email'),
  footerLinks: z.array(z.object({ label: requiredText(50), url: urlSchema }, invalidValue), invalidValue).check(z.maxLength(SITE_LINKS_MAX, code('validation/too_long'))),
  socialLinks: z
    .array(z.object({ kind: z.enum(socialKinds, invalidValue), url: urlSchema }, invalidValue), invalidValue)
    .check(z.maxLength(SITE_LINKS_MAX, code('validation/too_long'))),
  defaultSort: z.object({ order: z.enum(defaultSortKeys, invalidValue), direction: z.enum(listSortDirections, invalidValue) }, invalidValue),
  analyticsTagId: optionalShaped(30, GA4_ID, 'validation/invalid_analytics_tag_id'),
  tagManagerId: optionalShaped(30, GTM_ID, 'validation/invalid_tag_manager_id'),
  logoKey: z._default(z.nullable(siteImageKeySchema), null),
  faviconKey: z._default(z.nullable(siteImageKeySchema), null),
});

const uploadImageInput = z.object({
  fileName: z.string({ error: code('validation/required') }).check(z.trim(), z.minLength(1, code('validation/required')), z.maxLength(255, code('validation/too_long'))),
  contentType: z.string({ error: code('validation/required') }).check(z.maxLength(100, invalidValue)),
  sizeBytes: z.number(invalidValue).check(z.refine(Number.isSafeInteger, code('validation/not_integer')), z.gte(1, invalidValue)),
});

/** A presigned PUT for the logo or favicon (JPEG, PNG or WebP up to 5 MB: uploads.ts `designImage`). */
export const uploadSiteImageCall = settingsCall<typeof uploadImageInput, { key: string; url: string; headers: Record<string, string>; expiresAt: string }>()('/settings/basic_info/upload_image', 'admin.site', uploadImageInput);

export const getBasicInfoCall = settingsCall<z.ZodMiniObject<{}>, BasicInfoAnswer>()('/settings/basic_info/get', 'admin.site', z.object({}));

export const updateBasicInfoCall = settingsCall<typeof basicInfoInput, BasicInfoAnswer>()('/settings/basic_info/update', 'admin.site', basicInfoInput);
