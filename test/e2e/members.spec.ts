import { expect, test } from '@playwright/test';
import { languages, t } from './support/i18n';
import { adminNav, demoAdminPage } from './support/operator';
import { DEMO_TEAM_ID, newDemoAdministrator, platformModules } from './support/platform';

for (const lang of languages) {
  test.describe(`Members and access (${lang})`, () => {
    test('create a group, put the demo member in it, see the count, and fail to delete it', async ({ page }) => {
      const platform = await platformModules();
      const memberId = await platform.identity.findIdentity('member@demo.example');
      expect(memberId).toBeTruthy();
      // A data directory seeded before the member list existed holds records without their list index:
      // rewriting the record (no change) writes it, as any edit would.
      await platform.teamUser.updateTeamUser(DEMO_TEAM_ID, memberId!, { set: {} });

      await demoAdminPage(page, lang);
      const groupName = `E2E ${lang} ${Date.now().toString(36)}`;
      await adminNav(page, lang, 'groups').click();
      await expect(page.getByRole('heading', { name: t(lang, 'groups:list.title') })).toBeVisible();
      await page.getByRole('link', { name: t(lang, 'groups:list.create') }).click();
      // Name required (SPEC §5).
      await page.getByRole('button', { name: t(lang, 'groups:actions.create'), exact: true }).click();
      await expect(page.getByRole('textbox', { name: t(lang, 'groups:fields.name') })).toHaveAccessibleDescription(t(lang, 'errors:validation/required'));
      await page.getByRole('textbox', { name: t(lang, 'groups:fields.name') }).fill(groupName);
      await page.getByRole('button', { name: t(lang, 'groups:actions.create'), exact: true }).click();
      await expect(page).toHaveURL(/\/admin\/group$/);
      const groupRow = page.getByRole('row').filter({ hasText: groupName });
      await expect(groupRow).toContainText(t(lang, 'groups:list.members', { count: 0 }));

      await adminNav(page, lang, 'users').click();
      await expect(page.getByRole('heading', { name: t(lang, 'users:list.title') })).toBeVisible();
      await page.getByRole('textbox', { name: t(lang, 'users:list.search') }).fill('member@demo');
      await page.getByRole('row').filter({ hasText: 'member@demo.example' }).getByRole('link').click();
      await expect(page.getByRole('heading', { name: t(lang, 'users:edit.title') })).toBeVisible();
      const newName = `Demo Member ${lang}`;
      await page.getByRole('textbox', { name: t(lang, 'users:fields.name') }).fill(newName);
      const groups = page.getByRole('combobox', { name: t(lang, 'users:fields.groups') });
      await groups.click();
      await page.getByRole('option', { name: groupName }).click();
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: t(lang, 'users:actions.save'), exact: true }).click();
      await expect(page.getByRole('alert').filter({ hasText: t(lang, 'users:edit.saved') })).toBeVisible();
      await expect(page).toHaveURL(/\/admin\/user$/);
      await expect(page.getByRole('row').filter({ hasText: 'member@demo.example' })).toContainText(newName);
      await page.screenshot({ path: `test-results/e2e-members/users-${lang}.png`, fullPage: true });

      await adminNav(page, lang, 'groups').click();
      await expect(groupRow).toContainText(t(lang, 'groups:list.members', { count: 1 }));
      await groupRow.getByRole('button', { name: t(lang, 'groups:delete.one', { name: groupName }) }).click();
      await page.getByRole('dialog').getByRole('button', { name: t(lang, 'groups:actions.delete') }).click();
      await expect(page.getByRole('alert').filter({ hasText: t(lang, 'errors:deletion/group_has_members') })).toBeVisible();
      await expect(groupRow).toContainText(t(lang, 'groups:list.members', { count: 1 }));
      await page.screenshot({ path: `test-results/e2e-members/groups-${lang}.png`, fullPage: true });
    });

    test("change another administrator's permission and see it in the log", async ({ page }) => {
      const email = `e2e-admin-${lang}-${Date.now().toString(36)}@example.com`;
      const name = `Designer ${lang} ${Date.now().toString(36)}`;
      await newDemoAdministrator({ email, password: 'e2e-password-1', name, categories: ['designer'] });

      await demoAdminPage(page, lang);
      await adminNav(page, lang, 'administrators').click();
      await expect(page.getByRole('heading', { name: t(lang, 'administrators:list.title') })).toBeVisible();
      await page.getByRole('button', { name: t(lang, 'administrators:list.editOne', { name }) }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('checkbox', { name: t(lang, 'administrators:categories.analyst') }).check();
      await dialog.getByRole('button', { name: t(lang, 'administrators:actions.save') }).click();
      await expect(page.getByRole('alert').filter({ hasText: t(lang, 'administrators:edit.saved', { name }) })).toBeVisible();
      await expect(page.getByRole('row').filter({ hasText: email })).toContainText(t(lang, 'administrators:categories.analyst'));

      await page.getByRole('link', { name: t(lang, 'administrators:list.log') }).click();
      await expect(page.getByRole('heading', { name: t(lang, 'administrators:log.title') })).toBeVisible();
      const entry = page.getByRole('row').filter({ hasText: email });
      await expect(entry).toContainText(t(lang, 'administrators:log.actions.permissionsChanged'));
      await expect(entry).toContainText(
        `${t(lang, 'administrators:categories.designer')} → ${t(lang, 'administrators:categories.designer')}, ${t(lang, 'administrators:categories.analyst')}`,
      );
      await page.screenshot({ path: `test-results/e2e-members/admin-log-${lang}.png`, fullPage: true });
    });
  });
}
