import * as z from 'zod/mini';
import { idSchema } from '../ids';
import { checkDesignContrast, HEX_COLOR } from '../../rules/color-contrast';
import { code, invalidValue, reportIssues, whenValid } from '../../rules/issues';
import { callsOf } from '../define';
import { versionSchema } from '../version';

const settingsCall = callsOf('settings');

/**
 * SPEC §3 Design (/admin/site_customize): one record per team. The member area, the catalog and /lp/:teamId apply
 * it as soon as it is saved. Every update names the `version` it was edited from (0 = never saved); a concurrent
 * edit answers 409 `common/concurrent_update`.
 */
export const designThemes = ['light', 'dark'] as const;
export type DesignTheme = (typeof designThemes)[number];

/** The member header's menu items and the member home's sections, as keys the web knows (unknown keys are ignored there). */
export const DESIGN_ORDER_MAX_ITEMS = 40;
export const LP_OVERVIEW_MAX_LENGTH = 2000;

export interface DesignColorSettings {
  accentColor: string;
  textColor: string;
  backgroundColor: string;
  theme: DesignTheme;
}

export interface DesignLanding {
  /** Plain text shown under the site's name on /lp/:teamId. */
  overview: string;
  /** One of the team's videos, shown on the LP only while it is public and public access is on. */
  introVideoId: string | null;
  /** The LP's banner image (a `designImage` upload key), null = none. */
  bannerKey: string | null;
  /** The LP's top images, in order, each with the address it links to. */
  topImages: { key: string; linkUrl: string }[];
}

/**
 * SPEC §3 page kinds with an image of their own (site_customize/image): every team-scoped page of SPEC §2 "Public
 * and authentication" (login, invitation, password reset, two-factor, e-mail verification, waiting for approval,
 * registration survey, plan entry), the member home and the catalog top. A design saved before a kind existed reads
 * it as null (no image).
 */
export const designPageKinds = ['login', 'invite', 'resetPassword', 'twoFactor', 'emailVerification', 'unapproved', 'enquete', 'memberTop', 'catalogTop', 'entry'] as const;
export type DesignPageKind = (typeof designPageKinds)[number];
export type DesignPageImages = Record<DesignPageKind, string | null>;

/** No image for any kind. */
export const noPageImages = (): DesignPageImages => Object.fromEntries(designPageKinds.map((kind) => [kind, null])) as DesignPageImages;

export interface SiteDesign extends DesignColorSettings, DesignLanding {
  headerItemOrder: string[];
  topItemOrder: string[];
  pageImages: DesignPageImages;
}

/** The defaults a team has before its designer saves anything (the product's own look). */
export const defaultDesign: SiteDesign = {
  // Indigo 8: 5.7:1 under white text (indigo 6, #4c6ef5, was 4.3:1).
  accentColor: '#3b5bdb',
  textColor: '#000000',
  backgroundColor: '#ffffff',
  theme: 'light',
  headerItemOrder: [],
  topItemOrder: [],
  overview: '',
  introVideoId: null,
  bannerKey: null,
  topImages: [],
  pageImages: noPageImages(),
};

/** Colours a theme starts from when the designer switches to it (each passes the contrast rule). */
export const themeDefaults: Record<DesignTheme, Omit<DesignColorSettings, 'theme' | 'accentColor'>> = {
  light: { textColor: '#000000', backgroundColor: '#ffffff' },
  dark: { textColor: '#c9c9c9', backgroundColor: '#1a1b1e' },
};

export interface DesignAnswer {
  design: SiteDesign;
  version: number;
}

const colorSchema = z.string({ error: code('validation/required') }).check(z.trim(), z.regex(HEX_COLOR, code('validation/invalid_color')));
const orderSchema = z
  .array(z.string(invalidValue).check(z.regex(/^[A-Za-z][A-Za-z0-9_]{0,39}$/, code('validation/invalid_value'))), invalidValue)
  .check(
    z.maxLength(DESIGN_ORDER_MAX_ITEMS, code('validation/too_long')),
    z.refine((keys) => new Set(keys).size === keys.length, code('validation/invalid_value')),
  );

export const designColorInput = z
  .object({
    version: versionSchema(0),
    accentColor: colorSchema,
    textColor: colorSchema,
    backgroundColor: colorSchema,
    theme: z.enum(designThemes, invalidValue),
  })
  .check(z.superRefine((v, ctx) => reportIssues(ctx, checkDesignContrast(v)), whenValid('accentColor', 'textColor', 'backgroundColor')));

export const designOrderInput = z.object({ version: versionSchema(0), headerItemOrder: orderSchema, topItemOrder: orderSchema });

export const LP_TOP_IMAGES_MAX = 10;
/** An uploaded design image's key (the server checks it is this team's and exists). */
const imageKeySchema = z.string({ error: code('validation/required') }).check(z.regex(/^T\/[0-9A-Za-z_-]{1,64}\/files\/designImage\/[0-9A-Za-z_.-]{1,120}$/, code('validation/invalid_value')));
const linkUrlSchema = z
  .string({ error: code('validation/required') })
  .check(z.trim(), z.maxLength(500, code('validation/too_long')), z.regex(/^(?:https?:\/\/[^\s/$.?#][^\s]*|\/[^\s/][^\s]*|\/)$/i, code('validation/invalid_url')));

export const designLandingInput = z.object({
  version: versionSchema(0),
  overview: z.string(invalidValue).check(z.trim(), z.maxLength(LP_OVERVIEW_MAX_LENGTH, code('validation/too_long'))),
  introVideoId: z.nullable(idSchema),
  bannerKey: z._default(z.nullable(imageKeySchema), null),
  topImages: z._default(
    z.array(z.object({ key: imageKeySchema, linkUrl: linkUrlSchema }, invalidValue), invalidValue).check(z.maxLength(LP_TOP_IMAGES_MAX, code('validation/too_long'))),
    [],
  ),
});

export const designImagesInput = z.object({
  version: versionSchema(0),
  // Every kind is named (null = none); a key the schema does not know is dropped, never stored.
  pageImages: z.object(Object.fromEntries(designPageKinds.map((kind) => [kind, z.nullable(imageKeySchema)])) as Record<DesignPageKind, z.ZodMiniNullable<typeof imageKeySchema>>, invalidValue),
});

const uploadImageInput = z.object({
  fileName: z.string({ error: code('validation/required') }).check(z.trim(), z.minLength(1, code('validation/required')), z.maxLength(255, code('validation/too_long'))),
  contentType: z.string({ error: code('validation/required') }).check(z.maxLength(100, invalidValue)),
  sizeBytes: z.number(invalidValue).check(z.refine(Number.isSafeInteger, code('validation/not_integer')), z.gte(1, invalidValue)),
});

/** A presigned PUT for one design image (JPEG, PNG or WebP up to 5 MB: uploads.ts `designImage`). */
export const uploadDesignImageCall = settingsCall<typeof uploadImageInput, { key: string; url: string; headers: Record<string, string>; expiresAt: string }>()('/settings/design/upload_image', 'admin.design', uploadImageInput);

/** site_customize/image: the image of each page kind (designPageKinds). */
export const updateDesignImagesCall = settingsCall<typeof designImagesInput, DesignAnswer>()('/settings/design/update_images', 'admin.design', designImagesInput);

export const getDesignCall = settingsCall<z.ZodMiniObject<{}>, DesignAnswer>()('/settings/design/get', 'admin.design', z.object({}));

/** site_customize/color: refused with `validation/low_contrast_*` on the failing pair. */
export const updateDesignColorCall = settingsCall<typeof designColorInput, DesignAnswer>()('/settings/design/update_color', 'admin.design', designColorInput);

/** site_customize/header_item_order and top_item_order. */
export const updateDesignOrderCall = settingsCall<typeof designOrderInput, DesignAnswer>()('/settings/design/update_order', 'admin.design', designOrderInput);

/** site_customize/lp: overview and intro video (the video must be one of the team's: `video/not_found` otherwise). */
export const updateDesignLandingCall = settingsCall<typeof designLandingInput, DesignAnswer>()('/settings/design/update_lp', 'admin.design', designLandingInput);

/** The intro video as the LP shows it (only a public video, only while public access is on). */
export interface PublicIntroVideo {
  videoId: string;
  title: string;
}

/** What public and member pages need of a team's design and site (nothing secret). */
export interface PublicDesign extends DesignColorSettings {
  teamId: string;
  siteName: string;
  headerItemOrder: string[];
  topItemOrder: string[];
  /** Whether visitors may browse the catalog (site settings public access); the LP shows its content only then. */
  publicAccess: boolean;
  /** The LP's content: present only while public access is on. */
  landing?: { overview: string; introVideo: PublicIntroVideo | null; bannerUrl: string | null; topImages: { url: string; linkUrl: string }[] };
  /** Basic info's logo and favicon (signed addresses), null = none. */
  logoUrl: string | null;
  faviconUrl: string | null;
  /** The page kinds' images (signed addresses), null = none. */
  pageImages: Record<DesignPageKind, string | null>;
  /** App settings: the language members and visitors see until they choose one; the member page after login ('' = home). */
  memberLanguage: 'ja' | 'en' | '';
  afterLoginPath: string;
  /** Basic info's analytics tags ('' = none), which the member pages load. */
  analyticsTagId: string;
  tagManagerId: string;
  /** Basic info's footer and social links, shown in the member pages' footer. */
  footerLinks: { label: string; url: string }[];
  socialLinks: { kind: string; url: string }[];
}

const publicInput = z.object({ teamId: idSchema });

/** A team's design for the member area, the catalog and /lp/:teamId; 404 `common/not_found` for an unknown team. */
export const getPublicDesignCall = settingsCall<typeof publicInput, PublicDesign>()('/settings/design/public', 'public', publicInput);
