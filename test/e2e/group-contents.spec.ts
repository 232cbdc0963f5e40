import { expect, test } from '@playwright/test';
import { groupCreateCall, type GroupRow } from '../../shared/api/calls/groups';
import { createArticleCall } from '../../shared/api/calls/articles';
import { languages, t } from './support/i18n';
import { operatorPage } from './support/operator';
import { asOperator, registerTeam } from './support/team-api';

// Kept beside this run's data: other e2e runs may wipe test-results/.
const shots = '.local/e2e-group-contents';

/** SPEC §3 Group "viewable videos": the group's edit page lists what is limited to it, each to its editor. */
for (const lang of languages) {
  test.describe(`Group contents (${lang})`, () => {
    test('an operator sees the content limited to a group on its page and opens one', async ({ page, request }) => {
      const team = await registerTeam(request, `group-contents-${lang}`);
      const { group } = await asOperator<{ group: GroupRow }>(request, team, groupCreateCall.path, { name: `Premium ${lang}` });
      const { group: empty } = await asOperator<{ group: GroupRow }>(request, team, groupCreateCall.path, { name: `Empty ${lang}` });
      const article = (title: string, groupIds: string[], releasedAt: string) =>
        asOperator<{ id: string }>(request, team, createArticleCall.path, { title, status: 'public', releasedAt, groupIds, fields: { html: '<p>Hello</p>' } });
      const limited = await article('Members-only article', [group.groupId], '2024-03-01T00:00:00Z');
      await article('Article for everyone', [], '2024-04-01T00:00:00Z');

      await operatorPage(page, lang, team);
      await page.goto(`/admin/group/${group.groupId}/edit?lang=${lang}`);
      const section = page.getByRole('region', { name: t(lang, 'groups:contents.title') });
      await expect(section).toBeVisible();
      const link = section.getByRole('link', { name: 'Members-only article' });
      await expect(link).toHaveAttribute('href', `/admin/article/${limited.id}/edit`);
      await expect(section.getByText(t(lang, 'groups:contents.types.article'), { exact: true })).toBeVisible();
      await expect(section.getByText('Article for everyone')).toHaveCount(0);

      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: `${shots}/group-contents-phone-${lang}.png`, fullPage: true });
      await page.setViewportSize({ width: 1280, height: 800 });

      await link.click();
      await expect(page).toHaveURL(new RegExp(`/admin/article/${limited.id}/edit`));

      await page.goto(`/admin/group/${empty.groupId}/edit?lang=${lang}`);
      await expect(page.getByText(t(lang, 'groups:contents.empty'))).toBeVisible();
    });
  });
}
