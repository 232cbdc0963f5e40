import {
  sendEmailCreateCall,
  sendEmailDeleteCall,
  sendEmailGetCall,
  sendEmailListCall,
  sendEmailLogCall,
  sendEmailUpdateCall,
  teamMailLogCall,
  type TeamMailLogEntry,
} from '../../../shared/api/calls/send-email';
import { implement, teamOf } from '../../core/http/implement';
import { listMailLogs } from '../../core/entities/mail-log';
import {
  createSendEmail,
  deleteSendEmail,
  getSendEmailView,
  sendEmailLog,
  updateSendEmail,
} from './send-email-service';
import { listSendEmails } from './send-email';

/** SPEC §2 /admin/send_email (list, create, edit, log) and /admin/email_log_show. */
export const sendEmailCalls = [
  implement(sendEmailListCall, async (page, ctx) => listSendEmails(teamOf(ctx).teamId, page)),
  implement(sendEmailGetCall, async ({ sendEmailId }, ctx) => ({ sendEmail: await getSendEmailView(teamOf(ctx).teamId, sendEmailId) })),
  implement(sendEmailCreateCall, async (form, ctx) => ({ sendEmail: await createSendEmail(teamOf(ctx).teamId, form) })),
  implement(sendEmailUpdateCall, async ({ sendEmailId, version, ...form }, ctx) => ({
    sendEmail: await updateSendEmail(teamOf(ctx).teamId, sendEmailId, version, form),
  })),
  implement(sendEmailDeleteCall, async ({ sendEmailId }, ctx) => {
    await deleteSendEmail(teamOf(ctx).teamId, sendEmailId);
    return {};
  }),
  implement(sendEmailLogCall, async ({ sendEmailId, ...page }, ctx) => sendEmailLog(teamOf(ctx).teamId, sendEmailId, page)),
  implement(teamMailLogCall, async (page, ctx) => {
    const logs = await listMailLogs(teamOf(ctx).teamId, page);
    return {
      items: logs.items.map(
        (l): TeamMailLogEntry => ({
          messageId: l.messageId,
          to: l.to,
          subject: l.subject,
          kind: l.tags?.mailKind,
          sentAt: l.sentAt,
          status: l.status,
          statusAt: l.statusAt,
        }),
      ),
      nextCursor: logs.nextCursor,
    };
  }),
];
