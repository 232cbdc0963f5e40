import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { deleteInviteCall, listInvitesCall } from '../../shared/api/calls/invites';
import { accountDeleteCall } from '../../shared/api/calls/profile';
import { languages, t, type Lang } from './support/i18n';
import { reactionsSettled } from './support/local-mail';
import { adminNav, demoAdmin, demoAdminPage, logIn } from './support/operator';
import { DEMO_TEAM_ID, newDemoAdministrator, newDemoMember, platformModules } from './support/platform';
import { accessToken, asOperator, joinAsMember, type TeamFixture } from './support/team-api';

/**
 * SPEC §3 notification keys registered, userSubscriptionRemoved and userAccountDeleted in-app, both languages: a demo
 * member deletes their account; a user manager who is no analyst opens "Member notifications" from the menu and sees
 * it (the member's name, no longer a link: the member is gone), with no feedback tab; a member registers through an
 * invitation and the demo super administrator, from the notification page's tab, sees both, the new member's name
 * leading to their page. Phone width looked at.
 */
const SHOTS = '.local/e2e-member-notices/screenshots';

/** What the spec adds to the demo team, taken away after: the notices of these members, the people, the invitations. */
const noticedMembers: string[] = [];
const people: { userId: string; email: string }[] = [];
const invites: string[] = [];
let demoTeam: TeamFixture | undefined;

test.afterAll(async ({ request }) => {
  const { db, identity, teamUser } = await platformModules();
  const { teamKey } = await import('../../lambdas/platform/keys');
  const notices = await db.query<{ pk: string; sk: string; userId?: string }>({ pk: teamKey(DEMO_TEAM_ID, 'NOTICE', 'MEMBER'), limit: 200 });
  for (const n of notices.items.filter((i) => i.userId && noticedMembers.includes(i.userId))) await db.deleteItem({ pk: n.pk, sk: n.sk });
  for (const inviteId of invites.splice(0)) await asOperator(request, demoTeam!, deleteInviteCall.path, { inviteId });
  for (const { userId, email } of people.splice(0)) {
    const user = await teamUser.getTeamUser(DEMO_TEAM_ID, userId, true);
    if (user) await db.transact(teamUser.deleteTeamUserOps(user));
    await identity.deleteIdentity(email);
  }
});

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A demo member who deletes their own account through the member settings' call. */
/** A member who registers in the demo team through an invitation the demo administrator made. */
async function memberRegisters(request: APIRequestContext, lang: Lang): Promise<{ userId: string; name: string; email: string }> {
  const { identity } = await platformModules();
  demoTeam ??= {
    operator: { ...demoAdmin, name: 'Demo Admin' } as TeamFixture['operator'],
    teamId: DEMO_TEAM_ID,
    userId: (await identity.findIdentity(demoAdmin.email))!,
    token: await accessToken(request, demoAdmin.email, demoAdmin.password),
  };
  const label = `notice-${lang}-${unique()}`;
  const member = await joinAsMember(request, demoTeam, label);
  people.push({ userId: member.userId, email: member.email });
  noticedMembers.push(member.userId);
  const { items } = await asOperator<{ items: { inviteId: string; title: string }[] }>(request, demoTeam, listInvitesCall.path, {});
  invites.push(...items.filter((i) => i.title === `Invitation ${label}`).map((i) => i.inviteId));
  await reactionsSettled();
  return { userId: member.userId, name: member.name, email: member.email };
}

async function memberLeaves(request: APIRequestContext, lang: Lang): Promise<{ userId: string; name: string; email: string }> {
  const member = { email: `e2e-leaver-${lang}-${unique()}@example.com`, password: 'member-pass-1', name: `Leaving ${lang} ${unique()}` };
  const userId = await newDemoMember(member);
  noticedMembers.push(userId);
  const token = await accessToken(request, member.email, member.password);
  const res = await request.post(`/api${accountDeleteCall.path}`, {
    headers: { authorization: `Bearer ${token}` },
    data: { from: 'member', operatedTeamId: DEMO_TEAM_ID, operatedUserId: userId },
  });
  expect(res.status(), await res.text()).toBe(200);
  // The notice is the mail domain's reaction to the deletion, after the call answered.
  await reactionsSettled();
  return { userId, name: member.name, email: member.email };
}

/** The list's row of one member who left. */
async function expectNotice(page: Page, lang: Lang, member: { name: string; email: string }) {
  const row = page.getByRole('row').filter({ hasText: member.name });
  await expect(row).toBeVisible();
  await expect(row.getByText(t(lang, 'notices:members.events.userAccountDeleted'), { exact: true })).toBeVisible();
  await expect(row.getByText(member.email, { exact: true })).toBeVisible();
  // The member is gone: their name is no link to a user page.
  await expect(row.getByRole('link')).toHaveCount(0);
  return row;
}

for (const lang of languages) {
  test.describe(`member notifications (${lang})`, () => {
    test('a user manager who is no analyst sees a member who deleted their account', async ({ page, request }) => {
      const member = await memberLeaves(request, lang);
      const manager = { email: `e2e-usermanager-${lang}-${unique()}@example.com`, password: 'manager-pass-1', name: `User Manager ${lang}` };
      people.push({ userId: await newDemoAdministrator({ ...manager, categories: ['userManager'] }), email: manager.email });

      await page.goto(`/login?lang=${lang}`);
      await logIn(page, lang, manager.email, manager.password);
      await expect(page).toHaveURL(/\/admin\/dashboard$/);
      // The feedback notices are the analysts': not in this menu; the member notifications are.
      await expect(adminNav(page, lang, 'notifications')).toHaveCount(0);
      await adminNav(page, lang, 'memberNotifications').click();
      await expect(page).toHaveURL(/\/admin\/notification\/members$/);
      await expect(page.getByRole('heading', { name: t(lang, 'notices:members.title'), level: 1 })).toBeVisible();
      await expectNotice(page, lang, member);
      // Registrations and deletions only (no subscriptions filter), and no tab to the feedback page.
      await expect(page.getByRole('radio', { name: t(lang, 'notices:members.filters.userSubscriptionRemoved') })).toHaveCount(0);
      await expect(page.getByRole('tab', { name: t(lang, 'notices:tabs.feedback') })).toHaveCount(0);

      await page.setViewportSize({ width: 390, height: 844 });
      await expectNotice(page, lang, member);
      await page.screenshot({ path: `${SHOTS}/user-manager-phone-${lang}.png`, fullPage: true });
    });

    test('the super administrator reaches the member notifications from the notification page', async ({ page, request }) => {
      const member = await memberLeaves(request, lang);
      const joined = await memberRegisters(request, lang);
      await demoAdminPage(page, lang);
      await adminNav(page, lang, 'notifications').click();
      await expect(page).toHaveURL(/\/admin\/notification$/);
      await page.getByRole('tab', { name: t(lang, 'notices:tabs.members'), exact: true }).click();
      await expect(page).toHaveURL(/\/admin\/notification\/members$/);
      await expect(page.getByRole('tab', { name: t(lang, 'notices:tabs.members'), exact: true, selected: true })).toBeVisible();
      await expectNotice(page, lang, member);
      // The new member is still here: their name leads to their page.
      const joinedRow = page.getByRole('row').filter({ hasText: joined.email });
      await expect(joinedRow.getByText(t(lang, 'notices:members.events.registered'), { exact: true })).toBeVisible();
      await expect(joinedRow.getByRole('link', { name: joined.name, exact: true })).toHaveAttribute('href', `/admin/user/${joined.userId}/edit`);
      // Every event can be picked alone; "Accounts deleted" keeps the row.
      await page.getByText(t(lang, 'notices:members.filters.userAccountDeleted'), { exact: true }).click();
      await expect(page.getByRole('row').filter({ hasText: member.name })).toBeVisible();
      await expect(joinedRow).toHaveCount(0);
      await page.getByText(t(lang, 'notices:members.filters.registered'), { exact: true }).click();
      await expect(joinedRow).toBeVisible();
      await expect(page.getByRole('row').filter({ hasText: member.name })).toHaveCount(0);
      await page.screenshot({ path: `${SHOTS}/super-admin-${lang}.png`, fullPage: true });

      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByText(t(lang, 'notices:members.all'), { exact: true }).click();
      await expect(page.getByRole('row').filter({ hasText: member.name })).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/super-admin-phone-${lang}.png`, fullPage: true });
      await joinedRow.getByRole('link', { name: joined.name, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/user/${joined.userId}/edit$`));
    });
  });
}
