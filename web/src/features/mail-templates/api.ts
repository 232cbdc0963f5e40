import useSWR from 'swr';
import * as mailTemplatesCalls from '../../../../shared/api/calls/mail-templates';
import type { CustomMailTemplate } from '../../../../shared/api/calls/mail-templates';
import type { AutoMailEvent, Language } from '../../../../shared/constants';
import { callApi } from '../../lib/api';
import { teamScoped } from '../../lib/team-session';

export function useAutoMailList() {
  return useSWR(teamScoped(mailTemplatesCalls.mailTemplateListCall.path), () => callApi(mailTemplatesCalls.mailTemplateListCall, {}));
}

export function useAutoMail(event: AutoMailEvent | undefined, language: Language) {
  return useSWR(event ? teamScoped(mailTemplatesCalls.mailTemplateGetCall.path, event, language) : null, () => callApi(mailTemplatesCalls.mailTemplateGetCall, { event: event!, language }));
}

/** The variables the team's templates may use (the fixed ones and one per custom field). */
export function useMailVariables() {
  return useSWR(teamScoped(mailTemplatesCalls.mailVariablesCall.path), async () => (await callApi(mailTemplatesCalls.mailVariablesCall, {})).variables);
}

export interface AutoMailForm {
  subject: string;
  body: string;
  enabled: boolean;
}

export const saveAutoMail = (event: AutoMailEvent, language: Language, version: number, form: AutoMailForm) =>
  callApi(mailTemplatesCalls.mailTemplateUpdateCall, { event, language, version, ...form });
export const resetAutoMail = (event: AutoMailEvent, language: Language, version: number) => callApi(mailTemplatesCalls.mailTemplateResetCall, { event, language, version });

/** Every page of the custom list (to revalidate after a change, whatever page is on screen). */
export const isCustomMailListKey = (key: unknown) => Array.isArray(key) && key[0] === mailTemplatesCalls.customMailTemplateListCall.path;

export function useCustomMailList(cursor: string | undefined) {
  return useSWR(teamScoped(mailTemplatesCalls.customMailTemplateListCall.path, cursor ?? ''), () => callApi(mailTemplatesCalls.customMailTemplateListCall, { cursor, limit: 20 }), {
    keepPreviousData: true,
  });
}

export function useCustomMail(id: string | undefined) {
  return useSWR(id ? teamScoped(mailTemplatesCalls.customMailTemplateGetCall.path, id) : null, () => callApi(mailTemplatesCalls.customMailTemplateGetCall, { customMailTemplateId: id! }));
}

export type CustomMailForm = Pick<CustomMailTemplate, 'title' | 'eventType' | 'objectIds' | 'subject' | 'body' | 'enabled'>;

export const createCustomMail = (form: CustomMailForm) => callApi(mailTemplatesCalls.customMailTemplateCreateCall, form);
export const updateCustomMail = (id: string, version: number, form: CustomMailForm) =>
  callApi(mailTemplatesCalls.customMailTemplateUpdateCall, { customMailTemplateId: id, version, ...form });
export const deleteCustomMail = (id: string) => callApi(mailTemplatesCalls.customMailTemplateDeleteCall, { customMailTemplateId: id });

