import { ulid } from 'ulid';
import {
  CUSTOM_MAIL_OBJECTS_MAX,
  type AutoMailTemplate,
  type CustomMailTemplate,
} from '../../../shared/api/calls/mail-templates';
import { autoMailEvents, languages, type AutoMailEvent, type Language } from '../../../shared/constants';
import type { ErrorCode } from '../../../shared/errors';
import { hasUnknownMailVariable, mailVariablesOf } from '../../../shared/mail-variables';
import { AppError, staleVersion } from '../../core/http/app-error';
import { checkVersion, writeAtVersion } from '../../core/conditional-write';
import { listCustomFields } from '../../core/entities/custom-field';
import { eventObjectsFound } from '../event-objects';
import { ConditionFailedError } from '../../platform/db';
import { getTeam } from '../../core/entities/team';
import { getAutoMail, listAutoMails, saveAutoMail, type StoredAutoMail } from './auto-mail-template';
import { deleteCustomMail, getCustomMail, listCustomMails, putNewCustomMail, replaceCustomMail } from './custom-mail-template';
import { defaultAutoMail } from './render';

/**
 * SPEC §2 /admin/mail_template and /admin/custom_mail_template: the team's auto mails (the platform's default
 * text until edited) and custom auto mails, with their variables and objects checked on save.
 */

/** Auto mails go out unless switched off, except that only approval did before templates existed: the other
 * three start off, so no team starts sending new mail it never chose. */
const enabledByDefault = (event: AutoMailEvent) => event === 'approval';

/** Someone saved since the form was loaded: their change must not be overwritten silently. */

export function autoMailOf(event: AutoMailEvent, language: Language, stored: StoredAutoMail | undefined): AutoMailTemplate {
  const text = stored?.subject !== undefined && stored.body !== undefined ? { subject: stored.subject, body: stored.body } : defaultAutoMail(event, language);
  return {
    event,
    language,
    ...text,
    enabled: stored?.enabled ?? enabledByDefault(event),
    edited: stored?.subject !== undefined,
    ...(stored ? { updatedAt: stored.updatedAt } : {}),
    version: stored?.version ?? 0,
  };
}

export async function listAutoMailTemplates(teamId: string): Promise<AutoMailTemplate[]> {
  const stored = await listAutoMails(teamId);
  return autoMailEvents.flatMap((event) =>
    languages.map((language) => autoMailOf(event, language, stored.find((s) => s.event === event && s.language === language))),
  );
}

export async function getAutoMailTemplate(teamId: string, event: AutoMailEvent, language: Language, consistent = true): Promise<AutoMailTemplate> {
  return autoMailOf(event, language, await getAutoMail(teamId, event, language, consistent));
}

/** What `{{…}}` may name in this team's templates. */
export async function teamMailVariables(teamId: string): Promise<string[]> {
  return mailVariablesOf((await listCustomFields(teamId)).map((f) => f.name));
}

/** SPEC issue 13: an unknown variable (or a custom field the team does not have) is refused on save. */
async function checkVariables(teamId: string, texts: { subject: string; body: string }): Promise<void> {
  const allowed = await teamMailVariables(teamId);
  const fields: Record<string, ErrorCode> = {};
  if (hasUnknownMailVariable(texts.subject, allowed)) fields.subject = 'validation/unknown_mail_variable';
  if (hasUnknownMailVariable(texts.body, allowed)) fields.body = 'validation/unknown_mail_variable';
  if (Object.keys(fields).length) throw new AppError('common/invalid_input', fields);
}

async function saveOver(teamId: string, mail: StoredAutoMail, expectedVersion: number): Promise<void> {
  const before = await getAutoMail(teamId, mail.event, mail.language, true);
  if ((before?.version ?? 0) !== expectedVersion) throw staleVersion();
  try {
    await saveAutoMail(teamId, mail, expectedVersion);
  } catch (e) {
    if (e instanceof ConditionFailedError) throw staleVersion();
    throw e;
  }
}

export async function updateAutoMailTemplate(
  teamId: string,
  form: { event: AutoMailEvent; language: Language; subject: string; body: string; enabled: boolean; version: number },
  now = new Date(),
): Promise<AutoMailTemplate> {
  await checkVariables(teamId, form);
  const mail: StoredAutoMail = {
    event: form.event,
    language: form.language,
    subject: form.subject,
    body: form.body,
    enabled: form.enabled,
    updatedAt: now.toISOString(),
    version: form.version + 1,
  };
  await saveOver(teamId, mail, form.version);
  return autoMailOf(form.event, form.language, mail);
}

/** The default subject and body again (they follow the platform's text from now on); the switch stays. */
export async function resetAutoMailTemplate(
  teamId: string,
  form: { event: AutoMailEvent; language: Language; version: number },
  now = new Date(),
): Promise<AutoMailTemplate> {
  const before = await getAutoMailTemplate(teamId, form.event, form.language);
  const mail: StoredAutoMail = {
    event: form.event,
    language: form.language,
    enabled: before.enabled,
    updatedAt: now.toISOString(),
    version: form.version + 1,
  };
  await saveOver(teamId, mail, form.version);
  return autoMailOf(form.event, form.language, mail);
}

type CustomMailForm = Pick<CustomMailTemplate, 'title' | 'eventType' | 'objectIds' | 'subject' | 'body' | 'enabled'>;

/**
 * Each object must be the team's own and fit the event: a member invitation for welcome and approval, a price or
 * product of the team's connected Stripe account for the purchase events. Anything else (another team's id
 * included) is the same field error, so the answer reveals nothing.
 */
async function checkObjects(teamId: string, eventType: AutoMailEvent, objectIds: readonly string[]): Promise<void> {
  if (objectIds.length > CUSTOM_MAIL_OBJECTS_MAX) throw new AppError('common/invalid_input', { objectIds: 'validation/invalid_value' });
  const team = await getTeam(teamId);
  const found = team ? await eventObjectsFound(team, eventType, objectIds) : objectIds.map(() => false);
  const fields: Record<string, ErrorCode> = {};
  found.forEach((ok, i) => {
    if (!ok) fields[`objectIds.${i}`] = 'validation/invalid_value';
  });
  if (Object.keys(fields).length) throw new AppError('common/invalid_input', fields);
}

const formOf = (form: CustomMailForm): CustomMailForm => ({
  title: form.title,
  eventType: form.eventType,
  objectIds: [...new Set(form.objectIds)],
  subject: form.subject,
  body: form.body,
  enabled: form.enabled,
});

export async function getCustomMailTemplate(teamId: string, id: string): Promise<CustomMailTemplate> {
  const template = await getCustomMail(teamId, id, true);
  if (!template) throw new AppError('common/not_found');
  return template;
}

export const listCustomMailTemplates = listCustomMails;

export async function createCustomMailTemplate(teamId: string, input: CustomMailForm, now = new Date()): Promise<CustomMailTemplate> {
  const form = formOf(input);
  await checkVariables(teamId, form);
  await checkObjects(teamId, form.eventType, form.objectIds);
  const at = now.toISOString();
  const template: CustomMailTemplate = { customMailTemplateId: ulid(now.getTime()), ...form, createdAt: at, updatedAt: at, version: 1 };
  await putNewCustomMail(teamId, template);
  return template;
}

export async function updateCustomMailTemplate(
  teamId: string,
  id: string,
  expectedVersion: number,
  input: CustomMailForm,
  now = new Date(),
): Promise<CustomMailTemplate> {
  const before = await getCustomMailTemplate(teamId, id);
  checkVersion(before, expectedVersion);
  const form = formOf(input);
  await checkVariables(teamId, form);
  await checkObjects(teamId, form.eventType, form.objectIds);
  const after: CustomMailTemplate = { ...before, ...form, updatedAt: now.toISOString(), version: before.version + 1 };
  await writeAtVersion(() => replaceCustomMail(teamId, before, after), () => getCustomMailTemplate(teamId, id));
  return after;
}

export async function removeCustomMailTemplate(teamId: string, id: string): Promise<void> {
  const template = await getCustomMailTemplate(teamId, id);
  try {
    await deleteCustomMail(teamId, template);
  } catch (e) {
    if (!(e instanceof ConditionFailedError)) throw e;
    // Gone meanwhile (404), or edited meanwhile: its references changed, so read it again and retry once.
    await deleteCustomMail(teamId, await getCustomMailTemplate(teamId, id)).catch((err: unknown) => {
      throw err instanceof ConditionFailedError ? new AppError('common/concurrent_update') : err;
    });
  }
}

