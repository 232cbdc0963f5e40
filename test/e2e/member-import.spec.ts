import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { languages, t } from './support/i18n';
import { inbox } from './support/local-mail';
import { logIn } from './support/operator';
import { registerTeam } from './support/team-api';

/**
 * SPEC §2 /admin/user/import, both languages: a CSV with one bad row is refused with that row's message and
 * nothing is imported; the fixed file imports, the progress completes, the summary shows, and the new member's
 * mail (a link to set a password) is in the local inbox.
 */
const shots = '.local/e2e-member-import/screenshots';

const csvFile = (text: string) => ({ name: 'members.csv', mimeType: 'text/csv', buffer: Buffer.from(text, 'utf8') });

async function choose(page: Page, text: string) {
  await page.locator('input[type="file"]').setInputFiles(csvFile(text));
}

for (const lang of languages) {
  test.describe(`member import (${lang})`, () => {
    test('a bad row refuses the file; the fixed file imports with progress, summary and mail', async ({ page, request }) => {
      test.setTimeout(180_000);
      const team = await registerTeam(request, `import-${lang}`);
      const stamp = Date.now();
      const first = `first-${lang}-${stamp}@example.test`;
      const second = `second-${lang}-${stamp}@example.test`;

      await page.goto(`/login?lang=${lang}`);
      await logIn(page, lang, team.operator.email, team.operator.password);
      await expect(page).toHaveURL(/\/admin/);
      await page.goto('/admin/user');
      await page.getByRole('link', { name: t(lang, 'memberimport:links.import'), exact: true }).click();
      await expect(page).toHaveURL(/\/admin\/user\/import$/);
      await expect(page.getByRole('heading', { name: t(lang, 'memberimport:import.title'), level: 1 })).toBeVisible();

      // The template is the team's header (no custom fields here; no id column for a new import).
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: t(lang, 'memberimport:form.template') }).click();
      const template = readFileSync(await (await download).path(), 'utf8');
      expect(template).toBe('\uFEFFemail,name,phone,groups,disabled,expiration\r\n');

      // Row 3 has no valid e-mail: the whole file is refused with that row's message.
      await choose(page, `email,name,groups\n${first},First Member,\nnot-an-email,Second Member,\n`);
      await page.getByRole('button', { name: t(lang, 'memberimport:import.submit') }).click();
      const errors = page.getByRole('table', { name: t(lang, 'memberimport:errors.label') });
      await expect(errors).toBeVisible({ timeout: 30_000 });
      await expect(page.getByText(t(lang, 'errors:import/error_count', { count: 1 }))).toBeVisible();
      const bad = errors.getByRole('row').nth(1);
      await expect(bad.getByRole('cell').nth(0)).toHaveText('3');
      await expect(bad.getByRole('cell').nth(1)).toHaveText('email');
      await expect(bad.getByRole('cell').nth(2)).toHaveText(t(lang, 'errors:import/invalid_email'));
      await page.screenshot({ path: `${shots}/refused-${lang}.png`, fullPage: true });
      // On a phone the page and its error table still fit.
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(bad.getByRole('cell').nth(2)).toBeInViewport();
      await page.screenshot({ path: `${shots}/refused-phone-${lang}.png`, fullPage: true });
      await page.setViewportSize({ width: 1280, height: 720 });
      expect(await inbox(first)).toHaveLength(0);

      // Fixed: both rows import; the bar runs to the end and the summary counts them.
      await choose(page, `email,name,groups\n${first},First Member,\n${second},Second Member,\n`);
      await expect(errors).toHaveCount(0);
      await page.getByRole('button', { name: t(lang, 'memberimport:import.submit') }).click();
      // The bar is there from the start (at 0 % its filled part has no width, so it is attached, not visible).
      await expect(page.getByRole('progressbar', { name: t(lang, 'memberimport:progress.label') })).toBeAttached({ timeout: 30_000 });
      await expect(page.getByText(t(lang, 'memberimport:progress.done'))).toBeVisible({ timeout: 120_000 });
      await expect(page.getByRole('progressbar', { name: t(lang, 'memberimport:progress.label') })).toHaveAttribute('aria-valuenow', '100');
      await expect(page.getByText(t(lang, 'memberimport:progress.count', { done: 2, total: 2 }))).toBeVisible();
      const summary = page.getByRole('region', { name: t(lang, 'memberimport:summary.label') });
      await expect(summary.getByText(t(lang, 'memberimport:summary.created', { count: 2 }))).toBeVisible();
      await expect(summary.getByText(t(lang, 'memberimport:summary.mailsSent', { count: 2 }))).toBeVisible();
      await page.screenshot({ path: `${shots}/imported-${lang}.png`, fullPage: true });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: `${shots}/imported-phone-${lang}.png`, fullPage: true });
      await page.setViewportSize({ width: 1280, height: 720 });

      // The new member's mail: a single-use link to set a password.
      await expect.poll(async () => (await inbox(first)).length, { timeout: 20_000 }).toBe(1);
      const [mail] = await inbox(first);
      expect(mail!.body.text).toMatch(/\/change_password\?token=[A-Za-z0-9_-]{43}/);

      // The member list shows them.
      await summary.getByRole('link', { name: t(lang, 'memberimport:summary.toList') }).click();
      await expect(page.getByRole('cell', { name: first })).toBeVisible();
      await page.screenshot({ path: `${shots}/list-${lang}.png`, fullPage: true });
    });
  });
}
