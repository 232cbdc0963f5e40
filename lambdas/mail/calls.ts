import { sendEmailCalls } from './send-email/send-email-calls';
import { mailTemplateCalls } from './templates/template-calls';
import { workflowCalls } from './workflows/workflow-calls';

/** SPEC §2 send_email, email_log_show, mail_template, custom_mail_template and workflow: the mail domain's calls. */
export const mailCalls = [...sendEmailCalls, ...mailTemplateCalls, ...workflowCalls];
