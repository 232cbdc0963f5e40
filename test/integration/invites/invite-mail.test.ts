import type { Page } from '../../../shared/api/page';
import '../support/platform-env';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  listInviteMailLogsCall,
  sendInviteMailCall,
  type InviteMailLog,
  } from '../../../shared/api/calls/invites';
import { listMailLogs } from '../../../lambdas/core/entities/mail-log';
import { call, inbox, uniqueEmail } from '../support/api';
import { as, createInvite, type Actor, teamsWith } from './helpers';

let alpha: Actor, beta: Actor, member: Actor, designer: Actor;

beforeAll(async () => {
  [alpha, beta, member, designer] = await teamsWith('Mail', { kind: 'member' }, { kind: 'admin', categories: ['designer'] });
});

const logsOf = async (admin: Actor) => ((await call(listInviteMailLogsCall, as(admin), admin.token)).body as Page<InviteMailLog>).items;

describe('POST /api/invite/send_mail and /api/invite/list_mail_logs', () => {
  it('mails the join link to each address, in the team mail log and the invitation mail log', async () => {
    const inviteId = await createInvite(alpha, { title: 'Mailed invite', comment: 'See you there' });
    const to = [uniqueEmail('guest'), uniqueEmail('guest')];
    const res = await call(sendInviteMailCall, as(alpha, { inviteId, emails: to }), alpha.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ sent: 2 });
    for (const address of to) {
      await expect.poll(async () => (await inbox(address)).length).toBe(1);
      const [mail] = await inbox(address);
      expect(mail!.subject).toContain('Mailed invite');
      expect(mail!.body.text).toContain(`/join/user/${inviteId}`);
      expect(mail!.body.text).toContain('See you there');
    }
    const logs = await logsOf(alpha);
    expect(logs.map((l) => [l.to, l.inviteId, l.inviteTitle]).sort()).toEqual(to.map((t) => [t, inviteId, 'Mailed invite']).sort());
    expect(logs.every((l) => typeof l.status === 'string')).toBe(true);
    const teamLog = await listMailLogs(alpha.teamId);
    expect(teamLog.items.filter((m) => to.includes(m.to ?? '')).map((m) => m.tags?.inviteId)).toEqual([inviteId, inviteId]);
    expect(JSON.stringify(await logsOf(beta))).not.toContain(inviteId);
  });

  it('answers 400 naming emails for no or a bad address', async () => {
    const inviteId = await createInvite(alpha);
    const none = await call(sendInviteMailCall, as(alpha, { inviteId, emails: [] }), alpha.token);
    expect(none.status).toBe(400);
    expect(none.body.error?.fields).toEqual({ emails: 'validation/recipient_required' });
    const bad = await call(sendInviteMailCall, as(alpha, { inviteId, emails: ['not-an-address'] }), alpha.token);
    expect(bad.status).toBe(400);
    expect(bad.body.error?.fields).toEqual({ 'emails.0': 'validation/invalid_email' });
  });

  it("answers 404 for another team's invitation and sends nothing", async () => {
    const inviteId = await createInvite(beta, { title: 'Beta invite' });
    const to = uniqueEmail('target');
    const res = await call(sendInviteMailCall, as(alpha, { inviteId, emails: [to] }), alpha.token);
    expect(res.status).toBe(404);
    expect(await inbox(to)).toEqual([]);
  });

  it('answers 403 to a member and to an administrator without the user manager category', async () => {
    const inviteId = await createInvite(alpha);
    const to = uniqueEmail('blocked');
    for (const who of [member, designer]) {
      expect((await call(sendInviteMailCall, as(who, { inviteId, emails: [to] }), who.token)).status).toBe(403);
      expect((await call(listInviteMailLogsCall, as(who), who.token)).status).toBe(403);
    }
    expect(await inbox(to)).toEqual([]);
  });
});
