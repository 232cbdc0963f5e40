import { expect, test, type Page } from '@playwright/test';
import enAdministrators from '../../web/src/i18n/en/administrators.json' with { type: 'json' };
import enGroups from '../../web/src/i18n/en/groups.json' with { type: 'json' };
import enUsers from '../../web/src/i18n/en/users.json' with { type: 'json' };
import jaAdministrators from '../../web/src/i18n/ja/administrators.json' with { type: 'json' };
import jaGroups from '../../web/src/i18n/ja/groups.json' with { type: 'json' };
import jaUsers from '../../web/src/i18n/ja/users.json' with { type: 'json' };
import { languages, t, type Lang } from './support/i18n';
import { logIn } from './support/operator';
import { DEMO_TEAM_ID, newDemoAdministrator, platformModules } from './support/platform';

/** The members area's strings (support/i18n.ts holds the foundation's namespaces only). */
type Tree = { [key: string]: string | Tree };
const strings: Record<Lang, Record<string, Tree>> = {
  en: { users: enUsers, groups: enGroups, administrators: enAdministrators },
  ja: { users: jaUsers, groups: jaGroups, administrators: jaAdministrators },
};
function s(lang: Lang, nsKey: string, values: Record<string, string | number> = {}): string {
  const [ns, key] = nsKey.split(':') as [string, string];
  const find = (k: string) => {
    let node: string | Tree | undefined = strings[lang][ns];
    for (const part of k.split('.')) node = typeof node === 'object' ? node[part] : undefined;
    return typeof node === 'string' ? node : undefined;
  };
  const plural = typeof values.count === 'number' ? find(`${key}_${new Intl.PluralRules(lang).select(values.count)}`) : undefined;
  const text = plural ?? find(key);
  if (text === undefined) throw new Error(`No ${lang} string for ${nsKey}`);
  return text.replace(/{{\s*(\w+)\s*}}/g, (_, name: string) => String(values[name] ?? ''));
}

const demoAdmin = { email: 'admin@demo.example', password: 'demo-password' };

async function adminLogIn(page: Page, lang: Lang) {
  await page.goto(`/login?lang=${lang}`);
  await logIn(page, lang, demoAdmin.email, demoAdmin.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

const nav = (page: Page, lang: Lang, key: string) =>
  page.getByRole('navigation', { name: t(lang, 'admin:nav.label') }).getByRole('link', { name: t(lang, `admin:nav.${key}`), exact: true });

for (const lang of languages) {
  test.describe(`Members and access (${lang})`, () => {
    test('create a group, put the demo member in it, see the count, and fail to delete it', async ({ page }) => {
      const platform = await platformModules();
      const memberId = await platform.identity.findIdentity('member@demo.example');
      expect(memberId).toBeTruthy();
      // A data directory seeded before the member list existed holds records without their list index:
      // rewriting the record (no change) writes it, as any edit would.
      await platform.teamUser.updateTeamUser(DEMO_TEAM_ID, memberId!, { set: {} });

      await adminLogIn(page, lang);
      const groupName = `E2E ${lang} ${Date.now().toString(36)}`;
      await nav(page, lang, 'groups').click();
      await expect(page.getByRole('heading', { name: s(lang, 'groups:list.title') })).toBeVisible();
      await page.getByRole('link', { name: s(lang, 'groups:list.create') }).click();
      // Name required (SPEC §5).
      await page.getByRole('button', { name: s(lang, 'groups:actions.create'), exact: true }).click();
      await expect(page.getByRole('textbox', { name: s(lang, 'groups:fields.name') })).toHaveAccessibleDescription(t(lang, 'errors:validation/required'));
      await page.getByRole('textbox', { name: s(lang, 'groups:fields.name') }).fill(groupName);
      await page.getByRole('button', { name: s(lang, 'groups:actions.create'), exact: true }).click();
      await expect(page).toHaveURL(/\/admin\/group$/);
      const groupRow = page.getByRole('row').filter({ hasText: groupName });
      await expect(groupRow).toContainText(s(lang, 'groups:list.members', { count: 0 }));

      await nav(page, lang, 'users').click();
      await expect(page.getByRole('heading', { name: s(lang, 'users:list.title') })).toBeVisible();
      await page.getByRole('textbox', { name: s(lang, 'users:list.search') }).fill('member@demo');
      await page.getByRole('row').filter({ hasText: 'member@demo.example' }).getByRole('link').click();
      await expect(page.getByRole('heading', { name: s(lang, 'users:edit.title') })).toBeVisible();
      const newName = `Demo Member ${lang}`;
      await page.getByRole('textbox', { name: s(lang, 'users:fields.name') }).fill(newName);
      const groups = page.getByRole('combobox', { name: s(lang, 'users:fields.groups') });
      await groups.click();
      await page.getByRole('option', { name: groupName }).click();
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: s(lang, 'users:actions.save'), exact: true }).click();
      await expect(page.getByRole('alert').filter({ hasText: s(lang, 'users:edit.saved') })).toBeVisible();
      await expect(page).toHaveURL(/\/admin\/user$/);
      await expect(page.getByRole('row').filter({ hasText: 'member@demo.example' })).toContainText(newName);
      await page.screenshot({ path: `test-results/e2e-members/users-${lang}.png`, fullPage: true });

      await nav(page, lang, 'groups').click();
      await expect(groupRow).toContainText(s(lang, 'groups:list.members', { count: 1 }));
      await groupRow.getByRole('button', { name: s(lang, 'groups:delete.one', { name: groupName }) }).click();
      await page.getByRole('dialog').getByRole('button', { name: s(lang, 'groups:actions.delete') }).click();
      await expect(page.getByRole('alert').filter({ hasText: t(lang, 'errors:deletion/group_has_members') })).toBeVisible();
      await expect(groupRow).toContainText(s(lang, 'groups:list.members', { count: 1 }));
      await page.screenshot({ path: `test-results/e2e-members/groups-${lang}.png`, fullPage: true });
    });

    test("change another administrator's permission and see it in the log", async ({ page }) => {
      const email = `e2e-admin-${lang}-${Date.now().toString(36)}@example.com`;
      const name = `Designer ${lang} ${Date.now().toString(36)}`;
      await newDemoAdministrator({ email, password: 'e2e-password-1', name, categories: ['designer'] });

      await adminLogIn(page, lang);
      await nav(page, lang, 'administrators').click();
      await expect(page.getByRole('heading', { name: s(lang, 'administrators:list.title') })).toBeVisible();
      await page.getByRole('button', { name: s(lang, 'administrators:list.editOne', { name }) }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('checkbox', { name: s(lang, 'administrators:categories.analyst') }).check();
      await dialog.getByRole('button', { name: s(lang, 'administrators:actions.save') }).click();
      await expect(page.getByRole('alert').filter({ hasText: s(lang, 'administrators:edit.saved', { name }) })).toBeVisible();
      await expect(page.getByRole('row').filter({ hasText: email })).toContainText(s(lang, 'administrators:categories.analyst'));

      await page.getByRole('link', { name: s(lang, 'administrators:list.log') }).click();
      await expect(page.getByRole('heading', { name: s(lang, 'administrators:log.title') })).toBeVisible();
      const entry = page.getByRole('row').filter({ hasText: email });
      await expect(entry).toContainText(s(lang, 'administrators:log.actions.permissionsChanged'));
      await expect(entry).toContainText(
        `${s(lang, 'administrators:categories.designer')} → ${s(lang, 'administrators:categories.designer')}, ${s(lang, 'administrators:categories.analyst')}`,
      );
      await page.screenshot({ path: `test-results/e2e-members/admin-log-${lang}.png`, fullPage: true });
    });
  });
}
