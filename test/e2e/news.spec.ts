import { expect, test, type Page } from '@playwright/test';
import { groupCreateCall, type GroupRow } from '../../shared/api/calls/groups';
import { languages, t, type Lang } from './support/i18n';
import { logIn } from './support/operator';
import { separatePage } from './support/shop';
import { joinAsMember, asOperator, registerTeam, type MemberFixture } from './support/team-api';

/**
 * SPEC §2 news, both languages: an operator writes news for one group on the admin pages; a member of that group
 * sees it unread and reads it; a member outside the group does not see it.
 */
const shots = '.local/e2e-news/screenshots';

async function memberPage(page: Page, lang: Lang, teamId: string, member: MemberFixture) {
  await page.goto(`/login/${teamId}?lang=${lang}`);
  await logIn(page, lang, member.email, member.password);
  await expect(page).toHaveURL(new RegExp(`/user/${teamId}$`));
}

for (const lang of languages) {
  test.describe(`news (${lang})`, () => {
    test('news limited to a group is read inside it and not seen outside it', async ({ page, request, browser }) => {
      // An operator and two members on a loaded machine: more than one page's budget.
      test.setTimeout(180_000);
      const team = await registerTeam(request, `news-${lang}`);
      const groupName = `Premium ${lang}`;
      const { group } = await asOperator<{ group: GroupRow }>(request, team, groupCreateCall.path, { name: groupName });
      const [inside, outside] = await Promise.all([
        joinAsMember(request, team, `news-in-${lang}`, [group.groupId]),
        joinAsMember(request, team, `news-out-${lang}`),
      ]);
      const title = `Premium news ${lang}`;
      let content = `Only for the premium group (${lang}).`;

      // The operator writes it on the admin pages, for the group only.
      await page.goto(`/login?lang=${lang}`);
      await logIn(page, lang, team.operator.email, team.operator.password);
      await expect(page).toHaveURL(/\/admin/);
      await page.getByRole('link', { name: t(lang, 'admin:nav.news'), exact: true }).click();
      await expect(page.getByRole('heading', { name: t(lang, 'news:list.title') })).toBeVisible();
      await expect(page.getByText(t(lang, 'news:list.empty'))).toBeVisible();
      await page.getByRole('link', { name: t(lang, 'news:list.create') }).click();
      await expect(page.getByRole('heading', { name: t(lang, 'news:edit.createTitle') })).toBeVisible();
      // Content is required (SPEC §5): the form says so in place.
      await page.getByRole('textbox', { name: t(lang, 'news:fields.title') }).fill(title);
      await page.getByRole('button', { name: t(lang, 'news:actions.create'), exact: true }).click();
      await expect(page.getByText(t(lang, 'errors:validation/required'))).toBeVisible();
      await page.getByRole('textbox', { name: t(lang, 'news:fields.content') }).fill(content);
      await page.getByRole('combobox', { name: t(lang, 'news:fields.groups') }).click();
      await page.getByRole('option', { name: groupName }).click();
      await page.keyboard.press('Escape');
      await page.screenshot({ path: `${shots}/admin-create-${lang}.png`, fullPage: true });
      await page.getByRole('button', { name: t(lang, 'news:actions.create'), exact: true }).click();
      await expect(page).toHaveURL(/\/admin\/news$/);
      const row = page.getByRole('row', { name: new RegExp(title) });
      await expect(row.getByText(groupName)).toBeVisible();
      await page.screenshot({ path: `${shots}/admin-list-${lang}.png`, fullPage: true });
      // Edited once on its edit page (the saved version goes with the edit).
      await row.getByRole('link', { name: title }).click();
      await expect(page.getByRole('heading', { name: t(lang, 'news:edit.title') })).toBeVisible();
      await expect(page.getByRole('textbox', { name: t(lang, 'news:fields.content') })).toHaveValue(content);
      content = `${content} Updated.`;
      await page.getByRole('textbox', { name: t(lang, 'news:fields.content') }).fill(content);
      await page.getByRole('button', { name: t(lang, 'news:actions.save'), exact: true }).click();
      await expect(page).toHaveURL(/\/admin\/news$/);
      await expect(page.getByRole('row', { name: new RegExp(title) }).getByText(content)).toBeVisible();

      // A member of the group: unread, then read once opened (and still read after a reload).
      const reader = await separatePage(browser);
      await memberPage(reader, lang, team.teamId, inside);
      await reader.getByRole('link', { name: t(lang, 'member:nav.news'), exact: true }).click();
      await expect(reader).toHaveURL(new RegExp(`/user/${team.teamId}/news$`));
      await expect(reader.getByRole('heading', { name: t(lang, 'news:member.title'), level: 1 })).toBeVisible();
      const item = reader.getByRole('article').filter({ hasText: title });
      await expect(item.getByText(t(lang, 'news:member.unread'), { exact: true })).toBeVisible();
      await expect(item.getByText(content)).toHaveCount(0);
      await reader.screenshot({ path: `${shots}/member-unread-${lang}.png`, fullPage: true });
      await item.getByRole('button', { name: new RegExp(title) }).click();
      await expect(item.getByText(content)).toBeVisible();
      await expect(item.getByText(t(lang, 'news:member.unread'), { exact: true })).toHaveCount(0);
      await reader.setViewportSize({ width: 390, height: 844 });
      await reader.screenshot({ path: `${shots}/member-read-phone-${lang}.png`, fullPage: true });
      await reader.reload();
      await expect(reader.getByRole('article').filter({ hasText: title })).toBeVisible();
      await expect(reader.getByRole('article').filter({ hasText: title }).getByText(t(lang, 'news:member.unread'), { exact: true })).toHaveCount(0);
      await reader.close();

      // A member outside the group does not see it.
      const stranger = await separatePage(browser);
      await memberPage(stranger, lang, team.teamId, outside);
      await stranger.goto(`/user/${team.teamId}/news?lang=${lang}`);
      await expect(stranger.getByText(t(lang, 'news:member.empty'))).toBeVisible();
      await expect(stranger.getByText(title)).toHaveCount(0);
      await stranger.close();
    });
  });
}
