import { expect, test, type Page } from '@playwright/test';
import { createArticleCall } from '../../shared/api/calls/articles';
import { languages, t, type Lang } from './support/i18n';
import { logIn } from './support/operator';
import { DEMO_TEAM_ID } from './support/platform';
import { logInAdmin, separatePage } from './support/shop';
import { asOperator, registerTeam } from './support/team-api';

/**
 * SPEC §2 catalog preview mode, in both languages: an operator opens an unpublished item's page from its editor and
 * sees it as a member who may open it would; a visitor at the same address learns nothing.
 */
const shots = '.local/e2e-catalog-preview/screenshots';
const LOAD = { timeout: 30_000 };

/** The editor's preview button opens the page in a new tab. */
async function openPreview(page: Page, lang: Lang): Promise<Page> {
  const [preview] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('link', { name: t(lang, 'contentfields:preview.open') }).click()]);
  await expect(preview.getByRole('status').filter({ hasText: t(lang, 'catalog:preview.title') })).toBeVisible(LOAD);
  return preview;
}

for (const lang of languages) {
  test.describe(`catalog preview mode (${lang})`, () => {
    test('an operator previews a private article before the catalog is open; a visitor finds nothing there', async ({ page, request, browser }) => {
      // A new team, the admin and catalog chunks in two tabs, and a visitor: more than one page's budget when loaded.
      test.setTimeout(120_000);
      const team = await registerTeam(request, `preview-${lang}`);
      const title = `Draft article ${lang}`;
      const { id } = await asOperator<{ id: string }>(request, team, createArticleCall.path, {
        title,
        status: 'private',
        fields: { html: '<p>Only the operator reads this for now.</p>' },
      });
      await page.goto(`/login?lang=${lang}`);
      await logIn(page, lang, team.operator.email, team.operator.password);
      await expect(page).toHaveURL(/\/admin/);
      await page.goto(`/admin/article/${id}/edit?lang=${lang}`);
      const preview = await openPreview(page, lang);
      await expect(preview).toHaveURL(new RegExp(`/catalog/${team.teamId}/article/${id}\\?preview=1$`));
      await expect(preview.getByRole('heading', { name: title, level: 1 })).toBeVisible(LOAD);
      await expect(preview.getByText('Only the operator reads this for now.')).toBeVisible();
      await preview.screenshot({ path: `${shots}/article-preview-${lang}.png`, fullPage: true });

      // The same address for a visitor: the team's catalog is not open, and it says nothing more.
      const visitor = await separatePage(browser);
      await visitor.goto(`/catalog/${team.teamId}/article/${id}?preview=1&lang=${lang}`);
      await expect(visitor.getByRole('heading', { name: t(lang, 'catalog:notFound.title') })).toBeVisible(LOAD);
      await expect(visitor.getByText(title)).toHaveCount(0);
      await visitor.close();
    });

    test('an operator previews the demo draft video playing; in the open catalog a visitor cannot find it', async ({ page, browser }) => {
      // The seed encodes its clips after the first start: the preview button appears once the draft plays.
      test.setTimeout(240_000);
      const draft = { id: '01DEMOVIDE0000000000000003', title: '下書き / Draft' };
      await logInAdmin(page, lang);
      const previewLink = page.getByRole('link', { name: t(lang, 'contentfields:preview.open') });
      for (let attempt = 0; ; attempt++) {
        await page.goto(`/admin/video/${draft.id}/edit?lang=${lang}`);
        await expect(page.getByRole('heading', { name: t(lang, 'videos:edit.title') })).toBeVisible(LOAD);
        if (await previewLink.isVisible()) break;
        if (attempt > 60) throw new Error('The draft demo video did not become ready');
        await page.waitForTimeout(2000);
      }
      const preview = await openPreview(page, lang);
      await expect(preview.getByRole('heading', { name: draft.title, level: 1 })).toBeVisible(LOAD);
      await expect(preview.locator('video')).toBeVisible();
      await preview.screenshot({ path: `${shots}/video-preview-${lang}.png` });

      const visitor = await separatePage(browser);
      await visitor.goto(`/catalog/${DEMO_TEAM_ID}/video/${draft.id}?preview=1&lang=${lang}`);
      await expect(visitor.getByRole('heading', { name: t(lang, 'player:page.notFoundTitle') })).toBeVisible(LOAD);
      await expect(visitor.getByRole('status').filter({ hasText: t(lang, 'catalog:preview.title') })).toHaveCount(0);
      await visitor.close();
    });
  });
}
