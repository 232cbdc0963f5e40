import useSWR from 'swr';
import {
  customMailTemplateCreateCall,
  customMailTemplateDeleteCall,
  customMailTemplateGetCall,
  customMailTemplateListCall,
  customMailTemplateUpdateCall,
  mailTemplateGetCall,
  mailTemplateListCall,
  mailTemplateResetCall,
  mailTemplateUpdateCall,
  mailVariablesCall,
  type CustomMailTemplate,
} from '../../../../shared/api/calls/mail-templates';
import type { AutoMailEvent, Language } from '../../../../shared/constants';
import { callApi } from '../../lib/api';
import { teamScoped } from '../../lib/team-session';

export function useAutoMailList() {
  return useSWR(teamScoped(mailTemplateListCall.path), () => callApi(mailTemplateListCall, {}));
}

export function useAutoMail(event: AutoMailEvent | undefined, language: Language) {
  return useSWR(event ? teamScoped(mailTemplateGetCall.path, event, language) : null, () => callApi(mailTemplateGetCall, { event: event!, language }));
}

/** The variables the team's templates may use (the fixed ones and one per custom field). */
export function useMailVariables() {
  return useSWR(teamScoped(mailVariablesCall.path), async () => (await callApi(mailVariablesCall, {})).variables);
}

export interface AutoMailForm {
  subject: string;
  body: string;
  enabled: boolean;
}

export const saveAutoMail = (event: AutoMailEvent, language: Language, version: number, form: AutoMailForm) =>
  callApi(mailTemplateUpdateCall, { event, language, version, ...form });
export const resetAutoMail = (event: AutoMailEvent, language: Language, version: number) => callApi(mailTemplateResetCall, { event, language, version });

/** Every page of the custom list (to revalidate after a change, whatever page is on screen). */
export const isCustomMailListKey = (key: unknown) => Array.isArray(key) && key[0] === customMailTemplateListCall.path;

export function useCustomMailList(cursor: string | undefined) {
  return useSWR(teamScoped(customMailTemplateListCall.path, cursor ?? ''), () => callApi(customMailTemplateListCall, { cursor, limit: 20 }), {
    keepPreviousData: true,
  });
}

export function useCustomMail(id: string | undefined) {
  return useSWR(id ? teamScoped(customMailTemplateGetCall.path, id) : null, () => callApi(customMailTemplateGetCall, { customMailTemplateId: id! }));
}

export type CustomMailForm = Pick<CustomMailTemplate, 'title' | 'eventType' | 'objectIds' | 'subject' | 'body' | 'enabled'>;

export const createCustomMail = (form: CustomMailForm) => callApi(customMailTemplateCreateCall, form);
export const updateCustomMail = (id: string, version: number, form: CustomMailForm) =>
  callApi(customMailTemplateUpdateCall, { customMailTemplateId: id, version, ...form });
export const deleteCustomMail = (id: string) => callApi(customMailTemplateDeleteCall, { customMailTemplateId: id });

