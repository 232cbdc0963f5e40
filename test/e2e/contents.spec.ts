import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { createArticleCall } from '../../shared/api/calls/articles';
import { languages, t } from './support/i18n';
import { memberPage, operatorPage } from './support/operator';
import { separatePage } from './support/shop';
import { asOperator, joinAsMember, registerTeam } from './support/team-api';

/**
 * The content types but the video, in both languages: an operator creates them on the shared admin pages, a
 * member opens them, a visitor sees only the public ones. Screenshots go beside this run's data.
 */
const shots = '.local/e2e-contents/screenshots';

for (const lang of languages) {
  test.describe(`articles and files (${lang})`, () => {
    test('an operator uploads a file, writes an article with it, and a member reads it and downloads the file', async ({ page, request, browser }) => {
      // Two people, an upload, the rich text editor and a download: longer than one page's budget on a loaded machine.
      test.setTimeout(180_000);
      const team = await registerTeam(request, `articles-${lang}`);
      await operatorPage(page, lang, team);

      // The file library: upload one file.
      await page.getByRole('link', { name: t(lang, 'admin:nav.files') }).click();
      await expect(page.getByRole('heading', { name: t(lang, 'contents:files.title') })).toBeVisible();
      await page.getByRole('link', { name: t(lang, 'contents:files.create') }).click();
      const dir = mkdtempSync(join(tmpdir(), 'handout-'));
      writeFileSync(join(dir, 'handout.txt'), `handout for ${lang}`);
      await page.getByRole('button', { name: t(lang, 'contents:files.file') }).click();
      await page.locator('input[type=file]').setInputFiles(join(dir, 'handout.txt'));
      await page.getByRole('button', { name: t(lang, 'contents:files.upload') }).click();
      await expect(page).toHaveURL(/\/admin\/filelist$/);
      await expect(page.getByRole('cell', { name: 'handout.txt', exact: true })).toBeVisible();

      // An article: title, rich text body, public, with the file.
      await page.getByRole('link', { name: t(lang, 'admin:nav.articles') }).click();
      await expect(page.getByText(t(lang, 'contents:types.article.empty'))).toBeVisible();
      await page.getByRole('link', { name: t(lang, 'contents:types.article.create') }).click();
      await page.getByRole('textbox', { name: t(lang, 'contents:fields.title') }).fill(`Article ${lang}`);
      const body = page.getByRole('textbox', { name: t(lang, 'contents:article.body') });
      await body.click();
      await page.keyboard.type('Welcome to the course.');
      await page.getByRole('button', { name: t(lang, 'contents:article.controls.bold') }).click();
      await page.keyboard.type(' Read this first.');
      // The segmented control's radio is visually hidden: press its visible label, as a person does.
      const publicStatus = page.getByRole('radio', { name: t(lang, 'contentfields:status.public'), exact: true });
      await page.locator(`label[for="${await publicStatus.getAttribute('id')}"]`).click();
      await expect(publicStatus).toBeChecked();
      await page.getByRole('combobox', { name: t(lang, 'contentfields:fields.files') }).click();
      await page.getByRole('option', { name: /handout\.txt/ }).click();
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: t(lang, 'contents:actions.create'), exact: true }).click();
      await expect(page).toHaveURL(/\/admin\/article\/[0-9A-Z]+\/edit$/);
      const articleId = /\/admin\/article\/([0-9A-Z]+)\/edit$/.exec(page.url())![1];
      await expect(page.getByRole('heading', { name: t(lang, 'contents:types.article.edit') })).toBeVisible();
      await page.screenshot({ path: `${shots}/article-edit-${lang}.png`, fullPage: true });

      // The file is in use now: the library shows it and will not delete it.
      await page.getByRole('link', { name: t(lang, 'admin:nav.files') }).click();
      const row = page.getByRole('row', { name: /handout\.txt/ });
      await expect(row.getByRole('cell', { name: '1', exact: true })).toBeVisible();
      await expect(row.getByRole('button', { name: t(lang, 'contents:actions.deleteNamed', { title: 'handout.txt' }) })).toBeDisabled();

      // A member reads it and downloads the file.
      const member = await joinAsMember(request, team, `reader-${lang}`);
      const reader = await separatePage(browser);
      await memberPage(reader, lang, team.teamId, member);
      await reader.goto(`/user/${team.teamId}/article/${articleId}?lang=${lang}`);
      await expect(reader.getByRole('heading', { name: `Article ${lang}`, level: 1 })).toBeVisible();
      const article = reader.getByTestId('article-body');
      await expect(article).toContainText('Welcome to the course. Read this first.');
      await expect(article.locator('strong')).toHaveText('Read this first.');
      const download = reader.waitForEvent('download');
      await reader.getByRole('link', { name: /handout\.txt/ }).click();
      expect((await download).suggestedFilename()).toBe('handout.txt');
      await reader.setViewportSize({ width: 390, height: 844 });
      await reader.screenshot({ path: `${shots}/article-member-phone-${lang}.png`, fullPage: true });
      await reader.close();
    });

    test('stored script never runs: an article with <script>, onerror and javascript: links renders inert', async ({ page, request }) => {
      const team = await registerTeam(request, `xss-${lang}`);
      const html = [
        '<p id="safe">Safe text</p>',
        '<script>window.__xss = "script"</script>',
        '<img src="/nope.png" onerror="window.__xss = \'onerror\'">',
        '<a href="javascript:window.__xss=\'link\'" id="js-link">click me</a>',
        '<a href="https://example.com" onclick="window.__xss=\'onclick\'">example</a>',
        '<iframe src="javascript:window.top.__xss=\'iframe\'"></iframe>',
        '<svg><script>window.__xss = "svg"</script></svg>',
      ].join('');
      const { id } = await asOperator<{ id: string }>(request, team, createArticleCall.path, { title: 'Tricky', status: 'public', fields: { html } });
      const member = await joinAsMember(request, team, `xss-${lang}`);
      const dialogs: string[] = [];
      page.on('dialog', (d) => {
        dialogs.push(d.message());
        void d.dismiss();
      });
      await memberPage(page, lang, team.teamId, member);
      await page.goto(`/user/${team.teamId}/article/${id}?lang=${lang}`);
      const article = page.getByTestId('article-body');
      await expect(article.getByText('Safe text')).toBeVisible();
      await expect(article.locator('script, iframe, [onerror], [onclick]')).toHaveCount(0);
      await expect(article.locator('a', { hasText: 'click me' })).not.toHaveAttribute('href', /javascript:/i);
      await article.getByText('click me').click();
      await article.getByText('example').click({ modifiers: ['ControlOrMeta'] }).catch(() => undefined);
      await page.waitForTimeout(300);
      expect(await page.evaluate(() => (globalThis as { __xss?: string }).__xss)).toBeUndefined();
      expect(dialogs).toEqual([]);
    });
  });
}
