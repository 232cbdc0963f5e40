import { expect, test, type Locator, type Page } from '@playwright/test';
import { ulid } from 'ulid';
import { languages, t, type Lang } from './support/i18n';
import { inbox } from './support/local-mail';
import { demoAdminPage, logIn } from './support/operator';
import { DEMO_TEAM_ID, platformModules } from './support/platform';

/**
 * SPEC §4 member states on /admin/user, both languages: a member imported to the demo team (written as the import
 * writes it: no login yet) shows "invited", not "enabled"; the administrator resends the invitation from the row, the
 * mail's link sets the password, and the member then shows "enabled". The state badge keeps its whole label at 1280
 * px and on a phone.
 */
const shots = '.local/e2e-member-states/screenshots';
const created: string[] = [];

/** A member as the member import writes one (lambdas/members/member-import/import-job.ts `newMember`). */
async function importedMember(email: string, name: string) {
  const platform = await platformModules();
  await platform.db.transact(
    platform.teamUser.putTeamUserOps({
      teamId: DEMO_TEAM_ID,
      userId: ulid(),
      email,
      name,
      role: 'member',
      categories: [],
      disabled: false,
      createdAt: new Date().toISOString(),
      emailVerified: true,
      loginPending: true,
      roleTab: 'member',
      groupIds: [],
    }),
  );
  created.push(email);
}

test.afterAll(async () => {
  const platform = await platformModules();
  for (const email of created) {
    for (const found of await platform.teamUser.findTeamUsersByEmail(DEMO_TEAM_ID, email)) {
      // The search item is a copy without the record's version: delete the record as it is now.
      const user = await platform.teamUser.getTeamUser(DEMO_TEAM_ID, found.userId, true);
      if (user) await platform.db.transact(platform.teamUser.deleteTeamUserOps(user));
    }
    if (await platform.identity.findIdentity(email)) await platform.identity.deleteIdentity(email);
  }
});

/** The whole label shows: the badge's text is not cut (no ellipsis: its content fits its box). */
async function expectWholeLabel(badge: Locator, label: string) {
  await expect(badge).toHaveText(label);
  await badge.scrollIntoViewIfNeeded();
  await expect(badge).toBeInViewport({ ratio: 1 });
  const cut = await badge.evaluate((el) => [el, ...Array.from(el.querySelectorAll('*'))].some((e) => e.scrollWidth > e.clientWidth + 1));
  expect(cut, `"${label}" is cut`).toBe(false);
}

async function findRow(page: Page, lang: Lang, email: string) {
  await page.getByRole('textbox', { name: t(lang, 'users:list.search') }).fill(email);
  // The search has applied: the header row and this member's row only.
  await expect(page.getByRole('row')).toHaveCount(2);
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  return row;
}

for (const lang of languages) {
  test.describe(`member states (${lang})`, () => {
    test('an imported member shows invited; the resent invitation sets a password and makes them enabled', async ({ page }) => {
      test.setTimeout(120_000);
      const stamp = Date.now().toString(36);
      const email = `e2e-states-${lang}-${stamp}@example.com`;
      const name = `Invited ${lang} ${stamp}`;
      await importedMember(email, name);

      await page.setViewportSize({ width: 1280, height: 800 });
      await demoAdminPage(page, lang);
      await page.goto('/admin/user');
      await expect(page.getByRole('heading', { name: t(lang, 'users:list.title') })).toBeVisible();
      const row = await findRow(page, lang, email);
      const badge = row.locator('[data-member-state]');
      await expect(badge).toHaveAttribute('data-member-state', 'invited');
      await expectWholeLabel(badge, t(lang, 'users:status.invited'));
      await page.screenshot({ path: `${shots}/invited-1280-${lang}.png` });

      await page.setViewportSize({ width: 390, height: 844 });
      await expectWholeLabel(badge, t(lang, 'users:status.invited'));
      await page.screenshot({ path: `${shots}/invited-390-${lang}.png` });
      await page.setViewportSize({ width: 1280, height: 800 });

      // The edit page shows the same state and offers the resend too.
      await row.getByRole('link', { name }).click();
      await expect(page.getByRole('heading', { name: t(lang, 'users:edit.title') })).toBeVisible();
      await expectWholeLabel(page.locator('[data-member-state]'), t(lang, 'users:status.invited'));
      await expect(page.getByText(t(lang, 'users:invitation.hint', { name }))).toBeVisible();
      await expect(page.getByRole('button', { name: t(lang, 'users:actions.resendInvitation'), exact: true })).toBeVisible();
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: `${shots}/edit-invited-390-${lang}.png`, fullPage: true });
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goBack();
      await expect(page.getByRole('heading', { name: t(lang, 'users:list.title') })).toBeVisible();
      await findRow(page, lang, email);

      // Resend from the row: one mail with a fresh link to set the password.
      await row.getByRole('button', { name: t(lang, 'users:actions.resendInvitationOf', { name }) }).click();
      await expect(page.getByRole('alert').filter({ hasText: t(lang, 'users:invitation.sent', { email }) })).toBeVisible();
      await expect.poll(async () => (await inbox(email)).length, { timeout: 20_000 }).toBe(1);
      const [mail] = await inbox(email);
      const link = /http:\/\/localhost:\d+(\/change_password\?token=[A-Za-z0-9_-]{43}&tid=\w+)/.exec(mail!.body.text ?? '');
      expect(link, 'the mail holds the link').not.toBeNull();
      // A second click at once sends no second mail.
      await row.getByRole('button', { name: t(lang, 'users:actions.resendInvitationOf', { name }) }).click();
      await expect(page.getByRole('alert').filter({ hasText: t(lang, 'errors:common/too_many_requests') })).toBeVisible();
      expect(await inbox(email)).toHaveLength(1);

      // The member opens the link and sets a password (in a page of their own, signed out).
      const memberPage = await page.context().browser()!.newPage();
      await memberPage.goto(`${link![1]}&lang=${lang}`);
      await memberPage.getByRole('textbox', { name: t(lang, 'member:reset.newPassword'), exact: true }).fill('states-pass-1');
      await memberPage.getByRole('textbox', { name: t(lang, 'auth:fields.passwordConfirmation'), exact: true }).fill('states-pass-1');
      await memberPage.getByRole('button', { name: t(lang, 'member:reset.changeSubmit') }).click();
      await expect(memberPage).toHaveURL(new RegExp(`/login/${DEMO_TEAM_ID}$`));
      await logIn(memberPage, lang, email, 'states-pass-1');
      await expect(memberPage).toHaveURL(new RegExp(`/user/${DEMO_TEAM_ID}$`));
      await memberPage.close();

      // Now enabled, and no resend offered.
      await page.reload();
      const enabledRow = await findRow(page, lang, email);
      const enabled = enabledRow.locator('[data-member-state]');
      await expect(enabled).toHaveAttribute('data-member-state', 'enabled');
      await expectWholeLabel(enabled, t(lang, 'users:status.enabled'));
      await expect(enabledRow.getByRole('button', { name: t(lang, 'users:actions.resendInvitationOf', { name }) })).toHaveCount(0);
      await page.screenshot({ path: `${shots}/enabled-1280-${lang}.png` });
      await page.setViewportSize({ width: 390, height: 844 });
      await expectWholeLabel(enabled, t(lang, 'users:status.enabled'));
      await page.screenshot({ path: `${shots}/enabled-390-${lang}.png` });
    });
  });
}
