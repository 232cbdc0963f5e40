import useSWR from 'swr';
import { groupListCall } from '../../../../shared/api/calls/groups';
import { memberGetCall, memberListCall } from '../../../../shared/api/calls/members';
import * as sendEmailCalls from '../../../../shared/api/calls/send-email';
import type { SendEmail } from '../../../../shared/api/calls/send-email';
import type { MailInput } from '../../../../shared/rules/mail';
import { callApi } from '../../lib/api';
import { teamScoped } from '../../lib/team-session';

/** Every page of the admin list (to revalidate after a change, whatever page is on screen). */
export const isSendEmailListKey = (key: unknown) => Array.isArray(key) && key[0] === sendEmailCalls.sendEmailListCall.path;

const isSending = (mails: readonly SendEmail[] | undefined) => mails?.some((m) => m.status === 'sending') ?? false;

/** The list; while a mail is going out it is read again every 2 s, so its progress moves on screen. */
export function useSendEmailList(cursor: string | undefined) {
  return useSWR(teamScoped(sendEmailCalls.sendEmailListCall.path, cursor ?? ''), () => callApi(sendEmailCalls.sendEmailListCall, { cursor, limit: 20 }), {
    keepPreviousData: true,
    refreshInterval: (page) => (isSending(page?.items) ? 2000 : 0),
  });
}

export function useSendEmail(sendEmailId: string | undefined) {
  return useSWR(sendEmailId ? teamScoped(sendEmailCalls.sendEmailGetCall.path, sendEmailId) : null, () => callApi(sendEmailCalls.sendEmailGetCall, { sendEmailId: sendEmailId! }), {
    refreshInterval: (answer) => (answer?.sendEmail.status === 'sending' ? 2000 : 0),
  });
}

/** A mail's delivery log, read again every 5 s until every line has a final status. */
export function useSendEmailLog(sendEmailId: string, cursor: string | undefined) {
  return useSWR(teamScoped(sendEmailCalls.sendEmailLogCall.path, sendEmailId, cursor ?? ''), () => callApi(sendEmailCalls.sendEmailLogCall, { sendEmailId, cursor, limit: 50 }), {
    keepPreviousData: true,
    refreshInterval: (page) => (page?.items.some((r) => r.status === 'pending' || r.status === 'processed' || r.status === 'deferred') ? 5000 : 0),
  });
}

export function useTeamMailLog(cursor: string | undefined) {
  return useSWR(teamScoped(sendEmailCalls.teamMailLogCall.path, cursor ?? ''), () => callApi(sendEmailCalls.teamMailLogCall, { cursor, limit: 50 }), { keepPreviousData: true });
}

/** The team's groups, for choosing recipients. */
export function useMailGroups() {
  return useSWR(teamScoped(groupListCall.path), () => callApi(groupListCall, {}));
}

/** Members whose name or e-mail starts with `search`, across the member, customer and manager tabs. */
export async function searchMembers(search: string): Promise<{ value: string; label: string }[]> {
  const tabs = ['member', 'customer', 'manager'] as const;
  const pages = await Promise.all(tabs.map((tab) => callApi(memberListCall, { tab, search, limit: 10 })));
  return pages.flatMap((p) => p.items).map((m) => ({ value: m.userId, label: `${m.name} <${m.email}>` }));
}

/** Labels of members already chosen (an edited mail holds only their ids). */
export async function memberLabels(userIds: readonly string[]): Promise<{ value: string; label: string }[]> {
  const found = await Promise.all(
    userIds.map((userId) =>
      callApi(memberGetCall, { userId }).then(
        ({ member }) => ({ value: userId, label: `${member.name} <${member.email}>` }),
        () => ({ value: userId, label: userId }),
      ),
    ),
  );
  return found;
}

export type SendEmailForm = MailInput;

export const createSendEmail = (form: SendEmailForm) => callApi(sendEmailCalls.sendEmailCreateCall, form);
export const updateSendEmail = (sendEmailId: string, version: number, form: SendEmailForm) =>
  callApi(sendEmailCalls.sendEmailUpdateCall, { sendEmailId, version, ...form });
export const deleteSendEmail = (sendEmailId: string) => callApi(sendEmailCalls.sendEmailDeleteCall, { sendEmailId });
