import '../support/platform-env';
import { beforeAll, describe, expect, it } from 'vitest';
import * as profileCalls from '../../../shared/api/calls/profile';
import type { Profile } from '../../../shared/api/calls/profile';
import { createCustomFieldCall } from '../../../shared/api/calls/custom-fields';
import { createInviteCall } from '../../../shared/api/calls/invites';
import { getTeamUser } from '../../../lambdas/core/entities/team-user';
import { getCustomField } from '../../../lambdas/core/entities/custom-field';
import { savePurchase, type Purchase } from '../../../lambdas/core/entities/purchase';
import { call, inbox } from '../support/api';
import { newAdmin, newOperator, newPerson, type Person } from './fixtures';

/**
 * SPEC §2 /user/:teamId/setting: what a member changes on their own account (name, the custom fields their
 * invitation asked, notifications, language) and what deleting it does (SPEC §6).
 */
let owner: Person;
let cityId: string;
let planId: string;
let staffNoteId: string;
let inviteId: string;

const profileOf = (body: unknown) => (body as { profile: Profile }).profile;

beforeAll(async () => {
  owner = await newOperator('Member settings');
  const field = async (input: Record<string, unknown>) => {
    const res = await call(createCustomFieldCall, { ...owner.ctx, ...input }, owner.token);
    expect(res.status).toBe(200);
    return (res.body as { fieldId: string }).fieldId;
  };
  cityId = await field({ name: 'City', type: 'text', required: true });
  planId = await field({ name: 'Plan', type: 'select', options: ['Basic', 'Gold'] });
  staffNoteId = await field({ name: 'Staff note', type: 'text' });
  const invite = await call(createInviteCall, { ...owner.ctx, title: 'Settings', maxRegistrations: null, customFieldIds: [cityId, planId] }, owner.token);
  expect(invite.status).toBe(200);
  inviteId = (invite.body as { inviteId: string }).inviteId;
});

const invitedMember = (customFields: Record<string, string> = {}) => newPerson(owner.teamId, { name: 'Invited', inviteId, customFields });

const purchase = (member: Person, id: string, kind: Purchase['kind'], state: Purchase['state']) =>
  savePurchase(
    {
      teamId: member.teamId,
      userId: member.userId,
      id,
      kind,
      state,
      priceId: 'price_settings',
      productId: 'prod_settings',
      productName: 'Course',
      priceNickname: 'Monthly',
      amount: 1000,
      currency: 'jpy',
      purchasedAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
    },
    () => Promise.resolve(undefined),
  );

describe('member settings', () => {
  it('the profile lists the custom fields the invitation asked, with the answers, and no operator field', async () => {
    const member = await invitedMember({ [cityId]: 'Osaka', [staffNoteId]: 'vip' } as Record<string, string>);
    const res = await call(profileCalls.profileGetCall, member.ctx, member.token);
    expect(res.status).toBe(200);
    const profile = profileOf(res.body);
    expect(profile.customFields.map((f) => [f.field.name, f.value])).toEqual([
      ['City', 'Osaka'],
      ['Plan', undefined],
    ]);
    expect(profile.language).toBeUndefined();
    expect(profile.deletion).toEqual({ activeSubscriptions: 0, endingSubscriptions: 0, oneTimePurchases: 0 });
    // An administrator answers none of them here, and cannot delete from the member page.
    const admin = profileOf((await call(profileCalls.profileGetCall, owner.ctx, owner.token)).body);
    expect(admin.customFields).toEqual([]);
    expect(admin.deletion.blockedBy).toBeUndefined();
  });

  it('a member changes their name, custom fields, notifications and language; the operator field and the counts follow', async () => {
    const member = await invitedMember({ [cityId]: 'Osaka', [staffNoteId]: 'vip' } as Record<string, string>);
    const before = (await getCustomField(owner.teamId, planId))?.answerCount ?? 0;
    const res = await call(
      profileCalls.profileUpdateCall,
      { ...member.ctx, name: 'Renamed', notifications: { userSubscriptionRemoved: true }, language: 'en', customFields: { [cityId]: ' Kyoto ', [planId]: 'Gold' } },
      member.token,
    );
    expect(res.status).toBe(200);
    const profile = profileOf(res.body);
    expect(profile).toMatchObject({ name: 'Renamed', language: 'en', notifications: { userSubscriptionRemoved: true } });
    expect(profile.customFields.map((f) => f.value)).toEqual(['Kyoto', 'Gold']);
    expect(await getTeamUser(owner.teamId, member.userId)).toMatchObject({
      name: 'Renamed',
      language: 'en',
      customFields: { [cityId]: 'Kyoto', [planId]: 'Gold', [staffNoteId]: 'vip' },
    });
    expect((await getCustomField(owner.teamId, planId))?.answerCount).toBe(before + 1);
    // Without language or custom fields (the administrator's form) both stay as they are.
    const again = await call(profileCalls.profileUpdateCall, { ...member.ctx, name: 'Again', notifications: {} }, member.token);
    expect(again.status).toBe(200);
    expect(await getTeamUser(owner.teamId, member.userId)).toMatchObject({ name: 'Again', language: 'en', customFields: { [cityId]: 'Kyoto', [planId]: 'Gold' } });
  });

  it('answers 400 naming each field: a bad language, a required answer left blank, a wrong option, the operator field', async () => {
    const member = await invitedMember({ [cityId]: 'Osaka' } as Record<string, string>);
    const bad = await call(profileCalls.profileUpdateCall, { ...member.ctx, name: 'X', language: 'fr' }, member.token);
    expect(bad.status).toBe(400);
    expect(bad.body.error?.fields).toEqual({ language: 'validation/invalid_value' });
    const answers = await call(
      profileCalls.profileUpdateCall,
      { ...member.ctx, name: 'X', customFields: { [cityId]: '', [planId]: 'Platinum', [staffNoteId]: 'mine' } },
      member.token,
    );
    expect(answers.status).toBe(400);
    expect(answers.body.error?.fields).toEqual({
      [`customFields.${cityId}`]: 'validation/required',
      [`customFields.${planId}`]: 'validation/invalid_value',
      [`customFields.${staffNoteId}`]: 'validation/invalid_value',
    });
    expect(await getTeamUser(owner.teamId, member.userId)).toMatchObject({ name: 'Invited', customFields: { [cityId]: 'Osaka' } });
  });

  it('a member without an invitation edits no custom field', async () => {
    const member = await newPerson(owner.teamId);
    expect(profileOf((await call(profileCalls.profileGetCall, member.ctx, member.token)).body).customFields).toEqual([]);
    const res = await call(profileCalls.profileUpdateCall, { ...member.ctx, name: 'X', customFields: { [cityId]: 'Kobe' } }, member.token);
    expect(res.status).toBe(400);
    expect(res.body.error?.fields).toEqual({ [`customFields.${cityId}`]: 'validation/invalid_value' });
  });

  it('the e-mail change code is mailed in the language the member chose', async () => {
    const member = await invitedMember({ [cityId]: 'Osaka' } as Record<string, string>);
    await call(profileCalls.profileUpdateCall, { ...member.ctx, name: 'Mailed', language: 'en' }, member.token);
    const to = `moved-${Date.now()}@example.test`;
    expect((await call(profileCalls.emailChangeRequestCall, { ...member.ctx, email: to }, member.token)).status).toBe(200);
    const mail = (await inbox(to)).at(-1);
    expect(mail?.body.text).toMatch(/\b\d{6}\b/);
    expect(mail?.subject ?? '').toMatch(/[A-Za-z]/);
    expect(mail?.subject ?? '').not.toMatch(/[\u3040-\u30ff]/);
  });

  it('deletion: the preview counts the subscriptions; an active one blocks it, a cancel-scheduled one does not', async () => {
    const member = await invitedMember({ [cityId]: 'Osaka' } as Record<string, string>);
    await purchase(member, 'sub_settingsActive1', 'subscription', 'active');
    await purchase(member, 'sub_settingsEnding1', 'subscription', 'cancel_scheduled');
    await purchase(member, 'pi_settingsOnce1', 'one_time', 'success');
    const preview = profileOf((await call(profileCalls.profileGetCall, member.ctx, member.token)).body).deletion;
    expect(preview).toEqual({ blockedBy: 'deletion/active_subscription', activeSubscriptions: 1, endingSubscriptions: 1, oneTimePurchases: 1 });
    const refused = await call(profileCalls.accountDeleteCall, { ...member.ctx, from: 'member' }, member.token);
    expect(refused.status).toBe(409);
    expect(refused.body.error?.code).toBe('deletion/active_subscription');
    expect(await getTeamUser(owner.teamId, member.userId)).toBeDefined();

    const leaving = await invitedMember({ [cityId]: 'Osaka' } as Record<string, string>);
    await purchase(leaving, 'sub_settingsEnding2', 'subscription', 'cancel_scheduled');
    expect((await call(profileCalls.accountDeleteCall, { ...leaving.ctx, from: 'member' }, leaving.token)).status).toBe(200);
    expect(await getTeamUser(owner.teamId, leaving.userId)).toBeUndefined();
  });

  it('an administrator is refused from the member page (403) and the preview says so only for the member page', async () => {
    const admin = await newAdmin(owner.teamId, ['designer'], 'normal', 'Designer');
    const res = await call(profileCalls.accountDeleteCall, { ...admin.ctx, from: 'member' }, admin.token);
    expect(res.status).toBe(403);
    expect(res.body.error?.code).toBe('deletion/admin_from_member_page');
    expect(await getTeamUser(owner.teamId, admin.userId)).toBeDefined();
  });

  it('another team: 403 for every profile call, revealing nothing and changing nothing; no token: 401', async () => {
    const member = await invitedMember({ [cityId]: 'Osaka' } as Record<string, string>);
    const other = await newOperator('Other settings');
    const body = { operatedTeamId: other.teamId, operatedUserId: member.userId, name: 'Stolen', language: 'en', customFields: { [cityId]: 'Nara' }, email: 'x@example.test', code: '123456', from: 'member' };
    for (const def of [profileCalls.profileGetCall, profileCalls.profileUpdateCall, profileCalls.emailChangeRequestCall, profileCalls.emailChangeConfirmCall, profileCalls.accountDeleteCall]) {
      const res = await call(def, body, member.token);
      expect(res.status, def.path).toBe(403);
      expect(JSON.stringify(res.body), def.path).not.toContain(other.email);
    }
    // The other team's operator cannot reach this member's profile with this team's ids either.
    expect((await call(profileCalls.profileUpdateCall, { ...member.ctx, name: 'Stolen' }, other.token)).status).toBe(403);
    expect((await call(profileCalls.profileUpdateCall, { ...member.ctx, name: 'X' })).status).toBe(401);
    expect(await getTeamUser(owner.teamId, member.userId)).toMatchObject({ name: 'Invited', customFields: { [cityId]: 'Osaka' } });
  });
});
