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
} from '../../../shared/api/calls/mail-templates';
import { implement, teamOf } from '../../core/http/implement';
import {
  createCustomMailTemplate,
  getAutoMailTemplate,
  getCustomMailTemplate,
  listAutoMailTemplates,
  listCustomMailTemplates,
  removeCustomMailTemplate,
  resetAutoMailTemplate,
  teamMailVariables,
  updateAutoMailTemplate,
  updateCustomMailTemplate,
} from './template-service';

/** SPEC §2 /admin/mail_template and /admin/custom_mail_template. */
export const mailTemplateCalls = [
  implement(mailTemplateListCall, async (_input, ctx) => ({ items: await listAutoMailTemplates(teamOf(ctx).teamId) })),
  implement(mailTemplateGetCall, async ({ event, language }, ctx) => ({ template: await getAutoMailTemplate(teamOf(ctx).teamId, event, language) })),
  implement(mailTemplateUpdateCall, async (form, ctx) => ({ template: await updateAutoMailTemplate(teamOf(ctx).teamId, form) })),
  implement(mailTemplateResetCall, async (form, ctx) => ({ template: await resetAutoMailTemplate(teamOf(ctx).teamId, form) })),
  implement(mailVariablesCall, async (_input, ctx) => ({ variables: await teamMailVariables(teamOf(ctx).teamId) })),
  implement(customMailTemplateListCall, async ({ cursor, limit }, ctx) => listCustomMailTemplates(teamOf(ctx).teamId, { cursor, limit })),
  implement(customMailTemplateGetCall, async ({ customMailTemplateId }, ctx) => ({
    template: await getCustomMailTemplate(teamOf(ctx).teamId, customMailTemplateId),
  })),
  implement(customMailTemplateCreateCall, async (form, ctx) => ({ template: await createCustomMailTemplate(teamOf(ctx).teamId, form) })),
  implement(customMailTemplateUpdateCall, async ({ customMailTemplateId, version, ...form }, ctx) => ({
    template: await updateCustomMailTemplate(teamOf(ctx).teamId, customMailTemplateId, version, form),
  })),
  implement(customMailTemplateDeleteCall, async ({ customMailTemplateId }, ctx) => {
    await removeCustomMailTemplate(teamOf(ctx).teamId, customMailTemplateId);
    return {};
  }),
];
