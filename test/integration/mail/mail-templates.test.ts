import '../support/platform-env';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCustomFieldCall } from '../../../shared/api/calls/custom-fields';
import { approveUsersCall, joinCall, type JoinResult } from '../../../shared/api/calls/invites';
import * as mailTemplatesCalls from '../../../shared/api/calls/mail-templates';
import type { AutoMailTemplate, CustomMailTemplate } from '../../../shared/api/calls/mail-templates';
import { cancelSubscriptionCall } from '../../../shared/api/calls/payments';
import type { Page } from '../../../shared/api/page';
import { MAIL_BODY_MAX_LENGTH } from '../../../shared/constants';
import { customMailsFor } from '../../../lambdas/mail/templates/custom-mail-template';
import { sendCustomTemplateMail } from '../../../lambdas/mail/templates/template-mail';
import { call, inbox } from '../support/api';
import { newAdmin, newOperator, newPerson, type Person } from '../members/fixtures';
import { as, createInvite, joinInput, type Actor } from '../invites/helpers';
import { connectedTeam, deliver, newPrice, newProduct, subscriber } from '../payments/shop';

let alpha: Person;
let beta: Person;

/** The invites helpers speak of actors; a Person is one. */
const actor = (p: Person): Actor => ({ teamId: p.teamId, userId: p.userId, token: p.token, email: p.email, password: '' });

const autoMail = async (who: Person, event: string, language: string) => {
  const res = await call(mailTemplatesCalls.mailTemplateGetCall, { ...who.ctx, event, language }, who.token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as { template: AutoMailTemplate }).template;
};

const saveAutoMail = async (who: Person, input: Record<string, unknown>) => {
  const res = await call(mailTemplatesCalls.mailTemplateUpdateCall, { ...who.ctx, ...input }, who.token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as { template: AutoMailTemplate }).template;
};

const createCustom = async (who: Person, input: Record<string, unknown>) => {
  const res = await call(mailTemplatesCalls.customMailTemplateCreateCall, { ...who.ctx, title: 'Custom', subject: 'S', body: 'B', ...input }, who.token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as { template: CustomMailTemplate }).template;
};

const join = async (inviteId: string, overrides: Record<string, unknown> = {}) => {
  const input = joinInput(inviteId, overrides);
  const res = await call(joinCall, input);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { ...(res.body as JoinResult), email: input.email };
};

/** Waits for `count` mails to `to`, then a moment more so a late extra one would show. */
const mailsTo = async (to: string, count: number) => {
  await expect.poll(async () => (await inbox(to)).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(count);
  await new Promise((r) => setTimeout(r, 500));
  return inbox(to);
};

beforeAll(async () => {
  [alpha, beta] = await Promise.all([newOperator('Alpha Mail'), newOperator('Beta Mail')]);
});

describe('auto mail templates', () => {
  it('lists the four events in both languages with the default texts, approval alone on', async () => {
    const operator = await newOperator('Defaults');
    const res = await call(mailTemplatesCalls.mailTemplateListCall, operator.ctx, operator.token);
    expect(res.status).toBe(200);
    const items = (res.body as { items: AutoMailTemplate[] }).items;
    expect(items.map((t) => `${t.event}/${t.language}`)).toEqual([
      'welcome/ja',
      'welcome/en',
      'approval/ja',
      'approval/en',
      'completedPurchase/ja',
      'completedPurchase/en',
      'cancelSubscription/ja',
      'cancelSubscription/en',
    ]);
    expect(items.every((t) => !t.edited && t.version === 0)).toBe(true);
    expect(items.filter((t) => t.enabled).map((t) => t.event)).toEqual(['approval', 'approval']);
    expect(items.find((t) => t.event === 'approval' && t.language === 'ja')).toMatchObject({ subject: '【{{teamName}}】ご登録が承認されました' });
    expect(items.find((t) => t.event === 'welcome' && t.language === 'en')?.body).toContain('{{loginUrl}}');
  });

  it('saves, gets with the version, refuses a stale version (409) and resets to the default text', async () => {
    const operator = await newOperator('Edits');
    const before = await autoMail(operator, 'welcome', 'en');
    const saved = await saveAutoMail(operator, { event: 'welcome', language: 'en', subject: 'Hi {{userName}}', body: 'Welcome to {{teamName}}', enabled: true, version: 0 });
    expect(saved).toMatchObject({ subject: 'Hi {{userName}}', body: 'Welcome to {{teamName}}', enabled: true, edited: true, version: 1 });
    expect(await autoMail(operator, 'welcome', 'en')).toEqual(saved);
    // The other language is a template of its own.
    expect(await autoMail(operator, 'welcome', 'ja')).toMatchObject({ edited: false, version: 0 });

    const stale = await call(mailTemplatesCalls.mailTemplateUpdateCall, { ...operator.ctx, event: 'welcome', language: 'en', subject: 'Old', body: 'Old', enabled: true, version: 0 }, operator.token);
    expect(stale.status).toBe(409);
    expect(stale.body.error?.code).toBe('common/concurrent_update');
    expect((await autoMail(operator, 'welcome', 'en')).subject).toBe('Hi {{userName}}');

    const reset = await call(mailTemplatesCalls.mailTemplateResetCall, { ...operator.ctx, event: 'welcome', language: 'en', version: 1 }, operator.token);
    expect(reset.status).toBe(200);
    const after = (reset.body as { template: AutoMailTemplate }).template;
    expect(after).toMatchObject({ subject: before.subject, body: before.body, edited: false, enabled: true, version: 2 });
    expect((await call(mailTemplatesCalls.mailTemplateResetCall, { ...operator.ctx, event: 'welcome', language: 'en', version: 1 }, operator.token)).status).toBe(409);
  });

  it('refuses bad input naming the field, unknown variables included', async () => {
    const operator = await newOperator('Rules');
    const field = await call(createCustomFieldCall, { ...operator.ctx, name: 'Company', type: 'text' }, operator.token);
    expect(field.status).toBe(200);
    const base = { event: 'welcome', language: 'ja', subject: 'S', body: 'B', enabled: true, version: 0 };
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ subject: '' }, { subject: 'validation/required' }],
      [{ body: '  ' }, { body: 'validation/required' }],
      [{ body: 'x'.repeat(MAIL_BODY_MAX_LENGTH + 1) }, { body: 'validation/mail_body_too_long' }],
      [{ event: 'birthday' }, { event: 'validation/invalid_value' }],
      [{ language: 'fr' }, { language: 'validation/invalid_value' }],
      [{ subject: 'Hi {{nickname}}' }, { subject: 'validation/unknown_mail_variable' }],
      [{ body: 'Your {{customField.Department}}' }, { body: 'validation/unknown_mail_variable' }],
      [{ subject: '{{ siteName }}', body: '{{}}' }, { subject: 'validation/unknown_mail_variable', body: 'validation/unknown_mail_variable' }],
    ];
    for (const [input, fields] of cases) {
      const res = await call(mailTemplatesCalls.mailTemplateUpdateCall, { ...operator.ctx, ...base, ...input }, operator.token);
      expect(res.status, JSON.stringify(input)).toBe(400);
      expect(res.body.error?.fields, JSON.stringify(input)).toEqual(fields);
    }
    expect((await autoMail(operator, 'welcome', 'ja')).version).toBe(0);

    // Every listed variable is accepted, the team's custom field included, spaces inside the braces too.
    const vars = await call(mailTemplatesCalls.mailVariablesCall, operator.ctx, operator.token);
    expect(vars.body).toEqual({ variables: ['teamName', 'userName', 'email', 'loginUrl', 'customField.Company'] });
    const body = (vars.body as { variables: string[] }).variables.map((v) => `{{${v}}}`).join(' ');
    await saveAutoMail(operator, { ...base, subject: '{{ teamName }}', body });
  });

  it('answers 403 to a member and to an administrator without user management', async () => {
    const member = await newPerson(alpha.teamId);
    const analyst = await newAdmin(alpha.teamId, ['analyst']);
    for (const who of [member, analyst]) {
      expect((await call(mailTemplatesCalls.mailTemplateListCall, who.ctx, who.token)).status).toBe(403);
      expect((await call(mailTemplatesCalls.mailTemplateUpdateCall, { ...who.ctx, event: 'welcome', language: 'ja', subject: 'S', body: 'B', version: 0 }, who.token)).status).toBe(403);
      expect((await call(mailTemplatesCalls.customMailTemplateListCall, who.ctx, who.token)).status).toBe(403);
      expect((await call(mailTemplatesCalls.customMailTemplateCreateCall, { ...who.ctx, title: 'T', eventType: 'welcome', objectIds: ['x'], subject: 'S', body: 'B' }, who.token)).status).toBe(403);
    }
    const manager = await newAdmin(alpha.teamId, ['userManager']);
    expect((await call(mailTemplatesCalls.mailTemplateListCall, manager.ctx, manager.token)).status).toBe(200);
  });
});

describe('custom auto mail templates', () => {
  it('creates, gets, lists newest first, updates with the version (409 when stale) and deletes', async () => {
    const operator = await newOperator('Custom CRUD');
    const [first, second] = [await createInvite(actor(operator)), await createInvite(actor(operator))];
    const a = await createCustom(operator, { title: 'A', eventType: 'welcome', objectIds: [first, first] });
    expect(a).toMatchObject({ title: 'A', eventType: 'welcome', objectIds: [first], enabled: true, version: 1 });
    const b = await createCustom(operator, { title: 'B', eventType: 'approval', objectIds: [second], enabled: false });
    const got = await call(mailTemplatesCalls.customMailTemplateGetCall, { ...operator.ctx, customMailTemplateId: b.customMailTemplateId }, operator.token);
    expect((got.body as { template: CustomMailTemplate }).template).toEqual(b);

    const list = (await call(mailTemplatesCalls.customMailTemplateListCall, { ...operator.ctx, limit: 1 }, operator.token)).body as Page<CustomMailTemplate>;
    expect(list.items.map((t) => t.title)).toEqual(['B']);
    const rest = (await call(mailTemplatesCalls.customMailTemplateListCall, { ...operator.ctx, limit: 1, cursor: list.nextCursor }, operator.token)).body as Page<CustomMailTemplate>;
    expect(rest.items.map((t) => t.title)).toEqual(['A']);

    const update = { ...operator.ctx, customMailTemplateId: a.customMailTemplateId, title: 'A2', eventType: 'welcome', objectIds: [second], subject: 'S2', body: 'B2', enabled: true };
    const updated = await call(mailTemplatesCalls.customMailTemplateUpdateCall, { ...update, version: 1 }, operator.token);
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect((updated.body as { template: CustomMailTemplate }).template).toMatchObject({ title: 'A2', objectIds: [second], version: 2 });
    const stale = await call(mailTemplatesCalls.customMailTemplateUpdateCall, { ...update, title: 'Old', version: 1 }, operator.token);
    expect(stale.status).toBe(409);
    // The references follow the objects: the event of the old invitation no longer finds it, the new one does.
    const found = async (eventType: 'welcome' | 'approval', objectId: string) =>
      (await customMailsFor(operator.teamId, eventType, [objectId])).map((t) => t.title).sort();
    expect(await found('welcome', first)).toEqual([]);
    expect(await found('welcome', second)).toEqual(['A2']);
    expect(await found('approval', second)).toEqual(['B']);

    const del = await call(mailTemplatesCalls.customMailTemplateDeleteCall, { ...operator.ctx, customMailTemplateId: a.customMailTemplateId }, operator.token);
    expect(del.status).toBe(200);
    expect((await call(mailTemplatesCalls.customMailTemplateGetCall, { ...operator.ctx, customMailTemplateId: a.customMailTemplateId }, operator.token)).status).toBe(404);
    expect((await call(mailTemplatesCalls.customMailTemplateDeleteCall, { ...operator.ctx, customMailTemplateId: a.customMailTemplateId }, operator.token)).status).toBe(404);
    expect(await found('welcome', second)).toEqual([]);
  });

  it('refuses bad input, unknown variables and objects that are not the team’s own', async () => {
    const invite = await createInvite(actor(alpha));
    const adminInvite = await createInvite(actor(alpha), { kind: 'admin', categories: ['analyst'] });
    const betaInvite = await createInvite(actor(beta));
    const base = { title: 'T', eventType: 'welcome', objectIds: [invite], subject: 'S', body: 'B' };
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ title: '' }, { title: 'validation/required' }],
      [{ eventType: 'birthday' }, { eventType: 'validation/required' }],
      [{ objectIds: [] }, { objectIds: 'validation/objects_required' }],
      [{ body: 'x'.repeat(MAIL_BODY_MAX_LENGTH + 1) }, { body: 'validation/mail_body_too_long' }],
      [{ body: 'Hello {{name}}' }, { body: 'validation/unknown_mail_variable' }],
      [{ objectIds: [invite, betaInvite] }, { 'objectIds.1': 'validation/invalid_value' }],
      [{ objectIds: [adminInvite] }, { 'objectIds.0': 'validation/invalid_value' }],
      [{ objectIds: ['no such id!'] }, { 'objectIds.0': 'validation/invalid_value' }],
      // An invitation is no object of a purchase event (and this team has no Stripe account).
      [{ eventType: 'completedPurchase' }, { 'objectIds.0': 'validation/invalid_value' }],
    ];
    for (const [input, fields] of cases) {
      const res = await call(mailTemplatesCalls.customMailTemplateCreateCall, { ...alpha.ctx, ...base, ...input }, alpha.token);
      expect(res.status, JSON.stringify(input)).toBe(400);
      expect(res.body.error?.fields, JSON.stringify(input)).toEqual(fields);
    }
  });

  it('checks prices and products in the team’s own Stripe account', async () => {
    const [{ admin: shop }, { admin: other }] = await Promise.all([connectedTeam('Mail Shop'), connectedTeam('Other Shop')]);
    const product = await newProduct(shop);
    const price = await newPrice(shop, product.id);
    const otherPrice = await newPrice(other, (await newProduct(other)).id);
    const ok = await call(mailTemplatesCalls.customMailTemplateCreateCall, { ...shop.ctx, title: 'T', eventType: 'completedPurchase', objectIds: [price.id, product.id], subject: 'S', body: 'B' }, shop.token);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const refused = await call(mailTemplatesCalls.customMailTemplateCreateCall, { ...shop.ctx, title: 'T', eventType: 'cancelSubscription', objectIds: [otherPrice.id], subject: 'S', body: 'B' }, shop.token);
    expect(refused.status).toBe(400);
    expect(refused.body.error?.fields).toEqual({ 'objectIds.0': 'validation/invalid_value' });
  });

  it('gives another team’s template id 404 and leaves it unchanged', async () => {
    const mine = await createCustom(beta, { title: 'Beta only', eventType: 'welcome', objectIds: [await createInvite(actor(beta))] });
    const id = { customMailTemplateId: mine.customMailTemplateId };
    const alphaInvite = await createInvite(actor(alpha));
    expect((await call(mailTemplatesCalls.customMailTemplateGetCall, { ...alpha.ctx, ...id }, alpha.token)).status).toBe(404);
    const update = await call(
      mailTemplatesCalls.customMailTemplateUpdateCall,
      { ...alpha.ctx, ...id, title: 'Taken', eventType: 'welcome', objectIds: [alphaInvite], subject: 'S', body: 'B', version: 1 },
      alpha.token,
    );
    expect(update.status).toBe(404);
    expect((await call(mailTemplatesCalls.customMailTemplateDeleteCall, { ...alpha.ctx, ...id }, alpha.token)).status).toBe(404);
    const still = await call(mailTemplatesCalls.customMailTemplateGetCall, { ...beta.ctx, ...id }, beta.token);
    expect((still.body as { template: CustomMailTemplate }).template).toEqual(mine);
    // A workflow of another team names it: nothing is sent.
    expect(await sendCustomTemplateMail(alpha.teamId, mine.customMailTemplateId, alpha.userId)).toBe('missing');
  });
});

describe('member events', () => {
  it('sends the edited welcome mail to a member who joins, filled for them, and a custom one only for its invitation', async () => {
    const operator = await newOperator('Welcome Site');
    const field = await call(createCustomFieldCall, { ...operator.ctx, name: 'Company', type: 'text' }, operator.token);
    const fieldId = (field.body as { fieldId: string }).fieldId;
    const invite = await createInvite(actor(operator), { customFieldIds: [fieldId] });
    const other = await createInvite(actor(operator));
    // The site is Japanese: its members read the Japanese templates.
    await saveAutoMail(operator, {
      event: 'welcome',
      language: 'ja',
      subject: 'Welcome to {{teamName}}, {{userName}}',
      body: 'Your login: {{loginUrl}} as {{email}} from {{customField.Company}}',
      enabled: true,
      version: 0,
    });
    await createCustom(operator, { title: 'Spring', eventType: 'welcome', objectIds: [invite], subject: 'Spring cohort {{userName}}', body: 'Extra' });
    await createCustom(operator, { title: 'Off', eventType: 'welcome', objectIds: [invite], subject: 'Never sent', body: 'x', enabled: false });

    // They join in Japanese (issue 30: a member's mails follow the language they used the site in).
    const input = joinInput(invite, { customFields: { [fieldId]: 'Acme' }, language: 'ja' });
    expect((await call(joinCall, input)).status).toBe(200);
    const mails = await mailsTo(input.email, 2);
    expect(mails.map((m) => m.subject).sort()).toEqual(['Spring cohort Taro Suzuki', 'Welcome to Welcome Site, Taro Suzuki']);
    const welcome = mails.find((m) => m.subject.startsWith('Welcome'))!;
    expect(welcome.body.text).toMatch(/^Your login: http\S+ as /);
    expect(welcome.body.text).toContain(`/login/${operator.teamId} as ${input.email} from Acme`);

    const elsewhere = await join(other, { language: 'ja' });
    expect((await mailsTo(elsewhere.email, 1)).map((m) => m.subject)).toEqual(['Welcome to Welcome Site, Taro Suzuki']);
  });

  it('sends no welcome mail while it is off (the default) and none to a new administrator', async () => {
    const operator = await newOperator('Quiet Site');
    const invite = await createInvite(actor(operator));
    const member = await join(invite);
    const adminInvite = await createInvite(actor(operator), { kind: 'admin', categories: ['analyst'] });
    const admin = await join(adminInvite, { kind: 'admin' });
    await saveAutoMail(operator, { event: 'welcome', language: 'ja', subject: 'Off', body: 'Off', enabled: false, version: 0 });
    const later = await join(invite);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await inbox(member.email)).toEqual([]);
    expect(await inbox(later.email)).toEqual([]);
    expect(await inbox(admin.email)).toEqual([]);
  });

  it('sends exactly one approval mail, the template’s, plus the custom mail of that invitation', async () => {
    const operator = await newOperator('Approving Site');
    const invite = await createInvite(actor(operator), { approvalRequired: true });
    await saveAutoMail(operator, { event: 'approval', language: 'ja', subject: 'Approved: {{userName}}', body: 'Go to {{loginUrl}}', enabled: true, version: 0 });
    await createCustom(operator, { title: 'Approved extra', eventType: 'approval', objectIds: [invite], subject: 'Extra for {{userName}}', body: 'x' });
    const member = await join(invite, { language: 'ja' });
    const res = await call(approveUsersCall, as(actor(operator), { userIds: [member.userId] }), operator.token);
    expect(res.body).toEqual({ decided: 1, skipped: 0 });
    // Approving again decides nothing and sends nothing.
    expect((await call(approveUsersCall, as(actor(operator), { userIds: [member.userId] }), operator.token)).body).toEqual({ decided: 0, skipped: 1 });
    const mails = await mailsTo(member.email, 2);
    expect(mails.map((m) => m.subject).sort()).toEqual(['Approved: Taro Suzuki', 'Extra for Taro Suzuki']);
  });

  it('sends a custom template to one member for a workflow, and nothing when it is off', async () => {
    const operator = await newOperator('Workflow Mail');
    const member = await newPerson(operator.teamId, { name: 'Hanako' });
    const invite = await createInvite(actor(operator));
    const on = await createCustom(operator, { eventType: 'welcome', objectIds: [invite], subject: 'For {{userName}}', body: 'Hi' });
    const off = await createCustom(operator, { eventType: 'welcome', objectIds: [invite], subject: 'Off', body: 'Hi', enabled: false });
    expect(await sendCustomTemplateMail(operator.teamId, on.customMailTemplateId, member.userId)).toBe('sent');
    expect(await sendCustomTemplateMail(operator.teamId, off.customMailTemplateId, member.userId)).toBe('disabled');
    expect(await sendCustomTemplateMail(operator.teamId, on.customMailTemplateId, 'nobody')).toBe('missing');
    expect((await mailsTo(member.email, 1)).map((m) => m.subject)).toEqual(['For Hanako']);
  });

  it('sends completedPurchase once for a subscription and cancelSubscription once when it is cancelled, whatever the webhooks', async () => {
    const { admin: shop, accountId } = await connectedTeam('Mail Subscriptions');
    const product = await newProduct(shop);
    const monthly = await newPrice(shop, product.id, { nickname: 'Monthly', type: 'recurring', interval: 'month', unitAmount: 980, validDays: undefined });
    await saveAutoMail(shop, { event: 'completedPurchase', language: 'ja', subject: 'Bought by {{userName}}', body: 'Thanks', enabled: true, version: 0 });
    await saveAutoMail(shop, { event: 'cancelSubscription', language: 'ja', subject: 'Cancelled for {{userName}}', body: 'Bye', enabled: true, version: 0 });
    await createCustom(shop, { title: 'Product mail', eventType: 'completedPurchase', objectIds: [product.id], subject: 'About your product', body: 'x' });

    const { buyer, sub } = await subscriber(shop, monthly, '4242424242424242');
    const cancelled = await call(cancelSubscriptionCall, { ...buyer.ctx, subscription: sub.id }, buyer.token);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    // Stripe tells of the change again, several times and at once: the state moved once, so the mail goes once.
    const updated = () => ({
      id: `evt_test${Date.now()}${Math.random().toString(36).slice(2, 10)}`,
      type: 'customer.subscription.updated' as const,
      created: Math.floor(Date.now() / 1000),
      account: accountId,
      data: { object: { id: sub.id, object: 'subscription' } },
    });
    const answers = await Promise.all([deliver(updated()), deliver(updated()), deliver(updated())]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const mails = await mailsTo(buyer.email, 3);
    expect(mails.map((m) => m.subject).sort()).toEqual(['About your product', 'Bought by Person', 'Cancelled for Person']);
  });
});
