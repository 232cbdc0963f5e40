import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { languages, t } from './support/i18n';
import { adminNav, demoAdminPage } from './support/operator';

// Kept beside this run's data: other e2e runs may wipe test-results/.
const shots = '.local/e2e-videos/screenshots';

/** A real 3-second H.264/AAC clip, made fresh so the whole upload and transcode path runs. */
function makeClip(): string {
  const file = join(mkdtempSync(join(tmpdir(), 'e2e-video-')), 'clip.mp4');
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=25', '-f', 'lavfi', '-i', 'sine'],
    ...['-t', '3', '-pix_fmt', 'yuv420p', '-c:v', 'libx264', '-c:a', 'aac', '-shortest', file],
  ]);
  return file;
}

/** A 640x480 still (4:3), so the 16:9 crop has to choose an area. */
function makeImage(): string {
  const file = join(mkdtempSync(join(tmpdir(), 'e2e-image-')), 'still.png');
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=640x480', '-frames:v', '1', file]);
  return file;
}

const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

for (const lang of languages) {
  test.describe(`Videos (${lang})`, () => {
    test('create a category, upload a video until it is ready, edit it, and bulk delete it', async ({ page }) => {
      // An upload and a real transcode besides the pages: about a minute alone, more beside other specs.
      test.setTimeout(180_000);
      const id = `${lang} ${Date.now().toString(36)}`;
      const categoryName = `E2E category ${id}`;
      const title = `E2E video ${id}`;
      const clip = makeClip();
      await demoAdminPage(page, lang);

      // A category.
      await adminNav(page, lang, 'categories').click();
      await expect(page.getByRole('heading', { name: t(lang, 'taxonomy:category.title') })).toBeVisible();
      await page.getByRole('link', { name: t(lang, 'taxonomy:category.create') }).click();
      await page.getByRole('button', { name: t(lang, 'taxonomy:actions.create'), exact: true }).click();
      await expect(page.getByRole('textbox', { name: t(lang, 'taxonomy:fields.name') })).toHaveAccessibleDescription(t(lang, 'errors:validation/required'));
      await page.getByRole('textbox', { name: t(lang, 'taxonomy:fields.name') }).fill(categoryName);
      await page.getByRole('button', { name: t(lang, 'taxonomy:actions.create'), exact: true }).click();
      await expect(toast(page, t(lang, 'taxonomy:edit.created', { name: categoryName }))).toBeVisible();
      await expect(page).toHaveURL(/\/admin\/category$/);
      const categoryRow = page.getByRole('row').filter({ hasText: categoryName });
      await expect(categoryRow).toBeVisible();

      // A video in that category, with its file. Parts are held back a moment so the progress is seen.
      await adminNav(page, lang, 'videos').click();
      await expect(page.getByRole('heading', { name: t(lang, 'videos:list.title') })).toBeVisible();
      await page.getByRole('link', { name: t(lang, 'videos:list.create') }).click();
      await expect(page.getByRole('heading', { name: t(lang, 'videos:create.title') })).toBeVisible();
      await page.getByRole('textbox', { name: t(lang, 'videos:fields.title') }).fill(title);
      await page.getByRole('combobox', { name: t(lang, 'contentfields:fields.category') }).click();
      await page.getByRole('option', { name: categoryName }).click();
      // Only video files are taken.
      await page.locator('input[type="file"]').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
      await expect(page.getByText(t(lang, 'videos:upload.notVideo'))).toBeVisible();
      await page.locator('input[type="file"]').setInputFiles(clip);
      await page.route('**/s3/**', async (route) => {
        if (route.request().method() === 'PUT') await new Promise((r) => setTimeout(r, 5000));
        await route.continue();
      });
      await page.getByRole('button', { name: t(lang, 'videos:create.submitWithFile'), exact: true }).click();
      // Uploading: the progress bar (zero width at 0 %, so only attached) and the cancel button.
      await expect(page.getByRole('progressbar', { name: t(lang, 'videos:upload.progressLabel') })).toBeAttached();
      await expect(page.getByRole('button', { name: t(lang, 'videos:upload.cancel') })).toBeVisible();
      await page.screenshot({ path: `${shots}/video-create-uploading-${lang}.png`, fullPage: true });

      // The edit page follows the state: encoding, then ready.
      await expect(page).toHaveURL(/\/admin\/video\/[^/]+\/edit$/, { timeout: 30_000 });
      const state = page.getByTestId('upload-state');
      await expect(state).toHaveText(new RegExp(`${t(lang, 'videos:uploadState.encoding')}|${t(lang, 'videos:uploadState.ready')}`));
      await expect(state).toHaveText(t(lang, 'videos:uploadState.ready'), { timeout: 90_000 });

      // Edit the title, add a chapter and a thumbnail cropped to 1280x720 (the crop must be confirmed).
      const newTitle = `${title} edited`;
      await page.getByRole('textbox', { name: t(lang, 'videos:fields.title') }).fill(newTitle);
      await page.getByRole('button', { name: t(lang, 'videos:form.addChapter') }).click();
      await page.getByRole('textbox', { name: t(lang, 'videos:fields.chapterTime', { n: 1 }) }).fill('0:02');
      await page.getByRole('textbox', { name: t(lang, 'videos:fields.chapterTitle', { n: 1 }) }).fill('Second two');
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: t(lang, 'contentfields:fields.thumbnail') }).click();
      await (await chooser).setFiles(makeImage());
      const crop = page.getByRole('dialog', { name: t(lang, 'contentfields:crop.title') });
      await expect(crop).toBeVisible();
      await crop.getByRole('button', { name: t(lang, 'contentfields:crop.confirm') }).click();
      // The dialog closes once the cropped image is uploaded: more than the default wait on a busy machine.
      await expect(crop).toBeHidden({ timeout: 30_000 });
      const preview = page.getByRole('img', { name: t(lang, 'contentfields:form.thumbnailPreview') });
      await expect(preview).toBeVisible();
      // The uploaded file is the cropped image: exactly 1280x720.
      const size = await preview.evaluate((img) => {
        const { naturalWidth, naturalHeight } = img as unknown as { naturalWidth: number; naturalHeight: number };
        return [naturalWidth, naturalHeight];
      });
      expect(size).toEqual([1280, 720]);
      await page.getByRole('button', { name: t(lang, 'videos:actions.save'), exact: true }).click();
      await expect(toast(page, t(lang, 'videos:edit.saved', { title: newTitle }))).toBeVisible();
      await page.reload();
      await expect(page.getByRole('textbox', { name: t(lang, 'videos:fields.chapterTitle', { n: 1 }) })).toHaveValue('Second two');
      await expect(page.getByText(t(lang, 'contentfields:form.thumbnailSet'))).toBeVisible();
      await page.screenshot({ path: `${shots}/video-edit-${lang}.png`, fullPage: true });

      // The versions page: version 1 is ready and, being the newest, cannot be deleted.
      await page.getByRole('link', { name: t(lang, 'videos:edit.versions') }).click();
      await expect(page.getByRole('heading', { name: t(lang, 'videos:versions.title') })).toBeVisible();
      const versionRow = page.getByRole('row').filter({ hasText: t(lang, 'videos:uploadState.ready') });
      await expect(versionRow).toHaveCount(1);
      await expect(versionRow.getByRole('cell').first()).toHaveText('1');
      await expect(versionRow.getByRole('button', { name: t(lang, 'videos:versions.delete', { number: 1 }) })).toHaveCount(0);
      await page.screenshot({ path: `${shots}/video-versions-${lang}.png`, fullPage: true });

      // The category is in use: it cannot be deleted.
      await adminNav(page, lang, 'categories').click();
      await expect(categoryRow.getByRole('cell').nth(2)).toHaveText('1');
      await categoryRow.getByRole('button', { name: t(lang, 'taxonomy:delete.one', { name: categoryName }) }).click();
      await page.getByRole('dialog').getByRole('button', { name: t(lang, 'taxonomy:actions.delete') }).click();
      await expect(toast(page, t(lang, 'errors:deletion/category_in_use'))).toBeVisible();
      await expect(categoryRow).toBeVisible();

      // The list shows it ready; bulk delete asks for the typed count.
      await adminNav(page, lang, 'videos').click();
      const row = page.getByRole('row').filter({ hasText: newTitle });
      await expect(row).toContainText(t(lang, 'videos:uploadState.ready'));
      await page.screenshot({ path: `${shots}/video-list-${lang}.png`, fullPage: true });
      await row.getByRole('checkbox', { name: t(lang, 'videos:list.select', { title: newTitle }) }).check();
      await page.getByRole('button', { name: t(lang, 'videos:bulkDelete.button', { count: 1 }) }).click();
      const dialog = page.getByRole('dialog');
      const typed = dialog.getByRole('textbox', { name: t(lang, 'videos:bulkDelete.typeCount', { count: 1 }) });
      await typed.fill('2');
      await dialog.getByRole('button', { name: t(lang, 'videos:actions.delete') }).click();
      await expect(typed).toHaveAccessibleDescription(t(lang, 'errors:validation/typed_count_mismatch'));
      await typed.fill('1');
      await dialog.getByRole('button', { name: t(lang, 'videos:actions.delete') }).click();
      await expect(toast(page, t(lang, 'videos:bulkDelete.done', { count: 1 }))).toBeVisible();
      await expect(row).toHaveCount(0);

      // No longer in use: the category goes.
      await adminNav(page, lang, 'categories').click();
      await categoryRow.getByRole('button', { name: t(lang, 'taxonomy:delete.one', { name: categoryName }) }).click();
      await page.getByRole('dialog').getByRole('button', { name: t(lang, 'taxonomy:actions.delete') }).click();
      await expect(toast(page, t(lang, 'taxonomy:delete.done', { name: categoryName }))).toBeVisible();
      await expect(categoryRow).toHaveCount(0);
    });
  });
}
