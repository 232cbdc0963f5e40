import * as z from 'zod/mini';
import { defineCall } from '../define';
import { idSchema } from '../ids';
import { pageInput, type Page } from '../page';
import { autoMailEvents, languages, type AutoMailEvent, type Language } from '../../constants';
import { customMailSchema, mailBodySchema } from '../../rules/mail';
import { requiredText } from '../../rules/account';
import { flagSchema } from '../../rules/common';
import { invalidValue } from '../../rules/issues';
import { versionSchema } from '../version';

/**
 * SPEC §3 Auto mail: what one team sends, in one language, when `event` happens to a member. A template never
 * saved (or reset) answers the platform's default text (`edited: false`).
 */
export interface AutoMailTemplate {
  event: AutoMailEvent;
  language: Language;
  subject: string;
  body: string;
  enabled: boolean;
  /** The subject and body are the team's own (false: the platform's default text). */
  edited: boolean;
  updatedAt?: string;
  /** Optimistic locking: 0 until first saved; an update names the version it was edited from. */
  version: number;
}

/** SPEC §3 Custom auto mail: sent besides the auto mail when its event happens through one of its objects. */
export interface CustomMailTemplate {
  customMailTemplateId: string;
  title: string;
  eventType: AutoMailEvent;
  /** Invitation ids (welcome, approval) or price and product ids (completedPurchase, cancelSubscription). */
  objectIds: string[];
  subject: string;
  body: string;
  enabled: boolean;
  createdAt: string;
  updatedAt: string;
  version: number;
}

/** Objects one custom auto mail may name (each is one reference row written with it). */
export const CUSTOM_MAIL_OBJECTS_MAX = 40;

// SPEC §6: mail belongs to the user manager (notices, mail, workflows).
const permission = 'admin.users';
const domain = 'mail';
const templateKey = {
  event: z.enum(autoMailEvents, invalidValue),
  language: z.enum(languages, invalidValue),
};

export const mailTemplateListInput = z.object({});
/** SPEC §2 /admin/mail_template: the four auto mails in both languages. */
export const mailTemplateListCall = defineCall<typeof mailTemplateListInput, { items: AutoMailTemplate[] }>()({
  path: '/mail_template/list',
  domain,
  permission,
  input: mailTemplateListInput,
});

export const mailTemplateGetInput = z.object(templateKey, invalidValue);
export const mailTemplateGetCall = defineCall<typeof mailTemplateGetInput, { template: AutoMailTemplate }>()({
  path: '/mail_template/get',
  domain,
  permission,
  input: mailTemplateGetInput,
});

export const mailTemplateUpdateInput = z.object(
  { ...templateKey, subject: requiredText(), body: mailBodySchema, enabled: flagSchema(true), version: versionSchema(0) },
  invalidValue,
);
export type MailTemplateUpdateInput = z.input<typeof mailTemplateUpdateInput>;
/** SPEC §2 /admin/mail_template/:mailTemplateName/edit; unknown variables are field errors. */
export const mailTemplateUpdateCall = defineCall<typeof mailTemplateUpdateInput, { template: AutoMailTemplate }>()({
  path: '/mail_template/update',
  domain,
  permission,
  input: mailTemplateUpdateInput,
});

export const mailTemplateResetInput = z.object({ ...templateKey, version: versionSchema(0) }, invalidValue);
/** Back to the platform's default subject and body; the enabled switch stays as it is. */
export const mailTemplateResetCall = defineCall<typeof mailTemplateResetInput, { template: AutoMailTemplate }>()({
  path: '/mail_template/reset',
  domain,
  permission,
  input: mailTemplateResetInput,
});

export const mailVariablesInput = z.object({});
/** The variables the caller's team may use in a template (the fixed ones and one per custom field). */
export const mailVariablesCall = defineCall<typeof mailVariablesInput, { variables: string[] }>()({
  path: '/mail_template/variables',
  domain,
  permission,
  input: mailVariablesInput,
});

const customIdInput = z.object({ customMailTemplateId: idSchema });

export const customMailTemplateListInput = z.object(pageInput());
/** SPEC §2 /admin/custom_mail_template: newest first. */
export const customMailTemplateListCall = defineCall<typeof customMailTemplateListInput, Page<CustomMailTemplate>>()({
  path: '/custom_mail_template/list',
  domain,
  permission,
  input: customMailTemplateListInput,
});

export const customMailTemplateGetCall = defineCall<typeof customIdInput, { template: CustomMailTemplate }>()({
  path: '/custom_mail_template/get',
  domain,
  permission,
  input: customIdInput,
});

export const customMailTemplateCreateInput = customMailSchema;
/** SPEC §2 /admin/custom_mail_template/create; objects must be the team's own, variables known. */
export const customMailTemplateCreateCall = defineCall<typeof customMailTemplateCreateInput, { template: CustomMailTemplate }>()({
  path: '/custom_mail_template/create',
  domain,
  permission,
  input: customMailTemplateCreateInput,
});

export const customMailTemplateUpdateInput = z.extend(customMailSchema, { customMailTemplateId: idSchema, version: versionSchema(1) });
/** SPEC §2 /admin/custom_mail_template/:customMailTemplateId/edit; a stale version is 409. */
export const customMailTemplateUpdateCall = defineCall<typeof customMailTemplateUpdateInput, { template: CustomMailTemplate }>()({
  path: '/custom_mail_template/update',
  domain,
  permission,
  input: customMailTemplateUpdateInput,
});

export const customMailTemplateDeleteCall = defineCall<typeof customIdInput, Record<string, never>>()({
  path: '/custom_mail_template/delete',
  domain,
  permission,
  input: customIdInput,
});
