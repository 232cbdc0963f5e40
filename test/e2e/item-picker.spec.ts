import { mkdirSync } from 'node:fs';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import type { Video } from '../../shared/api/calls/videos';
import { languages, t, type Lang } from './support/i18n';
import { demoAdminPage } from './support/operator';
import { DEMO_TEAM_ID } from './support/platform';
import { usePlatformEnv } from './support/ports';

/**
 * Issue 30 point 2, both languages: the operator never types a raw id. On a demo video's edit page the survey
 * offered at the end is searched by part of its title, chosen, saved, shown by its title after a reload, and
 * removed with its named button ("Remove <title>"). The demo data is put back afterwards.
 */
const shots = '.local/e2e-item-picker/screenshots';
mkdirSync(shots, { recursive: true });
const PHONE = { width: 390, height: 844 };
const expect = baseExpect.configure({ timeout: 30_000 });
/** local/seed-videos.ts: the private demo draft (no other spec edits it through the form) and the colour bars. */
const DEMO_DRAFT = '01DEMOVIDE0000000000000003';
const COLOUR_BARS_ID = '01DEMOVIDE0000000000000002';
const COLOUR_BARS = 'カラーバー / Colour bars';

async function stores() {
  await usePlatformEnv();
  const [videos, enquetes, design] = await Promise.all([
    import('../../lambdas/core/entities/video'),
    import('../../lambdas/core/entities/enquete'),
    import('../../lambdas/core/entities/site-design'),
  ]);
  const service = await import('../../lambdas/content/enquete/enquete-service');
  return { videos, enquetes, design, service };
}

const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });
const save = (page: Page, lang: Lang) => page.getByRole('button', { name: t(lang, 'videos:actions.save'), exact: true }).click();
const surveyBox = (page: Page, lang: Lang) => page.getByRole('textbox', { name: t(lang, 'videos:fields.enqueteId') });

for (const lang of languages) {
  test.describe(`item picker (${lang})`, () => {
    const stamp = `${lang}-${Date.now().toString(36)}`;
    const chosenTitle = `Onboarding feedback ${stamp}`;
    const otherTitle = `Quarterly poll ${stamp}`;
    const made: string[] = [];
    let original: Video | undefined;
    let introVideoId: string | null = null;

    test.beforeAll(async () => {
      const { videos, design, service } = await stores();
      original = await videos.getVideo(DEMO_TEAM_ID, DEMO_DRAFT, true);
      introVideoId = (await design.getDesign(DEMO_TEAM_ID)).design.introVideoId;
      for (const title of [chosenTitle, otherTitle]) {
        const survey = await service.createEnquete(DEMO_TEAM_ID, { title, questions: [{ title: 'How was it?', fieldName: 'how', type: 'singleLine', required: false, options: [] }] });
        made.push(survey.enqueteId);
      }
    });

    test.afterAll(async () => {
      const { videos, enquetes, design } = await stores();
      // The draft and the LP's intro video as they were (their versions move on), then the surveys made here.
      const current = await design.getDesign(DEMO_TEAM_ID);
      if (current.design.introVideoId !== introVideoId) await design.updateDesign(DEMO_TEAM_ID, current.version, { introVideoId });
      if (original) {
        const before = original;
        await videos.rewriteVideo(DEMO_TEAM_ID, DEMO_DRAFT, () => ({ video: before }));
      }
      for (const enqueteId of made) await enquetes.deleteEnquete(DEMO_TEAM_ID, enqueteId);
    });

    test('the operator picks a survey by title, sees it after a reload and removes it', async ({ page }) => {
      test.setTimeout(180_000);
      await demoAdminPage(page, lang);
      await page.goto(`/admin/video/${DEMO_DRAFT}/edit`);
      await page.getByRole('combobox', { name: t(lang, 'videos:fields.completionAction') }).click();
      await page.getByRole('option', { name: t(lang, 'videos:completion.survey'), exact: true }).click();

      // Searched on part of the title: only the matching survey is offered; no id is typed anywhere.
      const box = surveyBox(page, lang);
      await expect(page.getByText(t(lang, 'common:itemPicker.none'))).toBeVisible();
      await box.fill(`feedback ${stamp}`);
      await expect(page.getByRole('option', { name: chosenTitle })).toBeVisible();
      await expect(page.getByRole('option', { name: otherTitle })).toHaveCount(0);
      // By keyboard: the first result is active, Enter picks it (and does not submit the form).
      await box.press('Enter');
      const remove = page.getByRole('button', { name: t(lang, 'common:itemPicker.remove', { title: chosenTitle }), exact: true });
      await expect(remove).toBeVisible();
      await expect(page.getByRole('alert').filter({ hasText: t(lang, 'videos:edit.saved', { title: original!.title }) })).toHaveCount(0);
      // A search nobody matches says so.
      await box.fill(`nothing-like-this ${stamp}`);
      await expect(page.getByText(t(lang, 'common:itemPicker.noMatch', { text: `nothing-like-this ${stamp}` }))).toBeVisible();
      await box.press('Escape');
      await box.fill('');

      await save(page, lang);
      await expect(toast(page, t(lang, 'videos:edit.saved', { title: original!.title }))).toBeVisible();
      await page.reload();
      // After the reload the choice is read back by its id and shown by its title.
      await expect(page.getByText(chosenTitle, { exact: true })).toBeVisible();
      await expect(remove).toBeVisible();
      // At a phone's width: the chosen survey, then the list open (it offers the other survey, not the chosen one).
      const desktop = page.viewportSize();
      await page.setViewportSize(PHONE);
      await page.getByRole('button', { name: t(lang, 'videos:actions.save'), exact: true }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${shots}/video-survey-chosen-${lang}-phone.png` });
      await surveyBox(page, lang).click();
      await expect(page.getByRole('option', { name: otherTitle })).toBeVisible();
      await expect(page.getByRole('option', { name: chosenTitle })).toHaveCount(0);
      await page.screenshot({ path: `${shots}/video-survey-open-${lang}-phone.png` });
      await surveyBox(page, lang).press('Escape');
      if (desktop) await page.setViewportSize(desktop);

      // Removed with its named button: "survey" now needs one, so the save says so at the picker.
      await remove.click();
      await expect(remove).toHaveCount(0);
      await expect(page.getByText(t(lang, 'common:itemPicker.none'))).toBeVisible();
      await save(page, lang);
      await expect(page.getByText(t(lang, 'errors:validation/required')).first()).toBeVisible();
      await page.getByRole('combobox', { name: t(lang, 'videos:fields.completionAction') }).click();
      await page.getByRole('option', { name: t(lang, 'videos:completion.none'), exact: true }).click();
      await save(page, lang);
      await expect(toast(page, t(lang, 'videos:edit.saved', { title: original!.title }))).toBeVisible();
      await page.reload();
      await expect(page.getByRole('combobox', { name: t(lang, 'videos:fields.completionAction') })).toHaveValue(t(lang, 'videos:completion.none'));
      const { videos } = await stores();
      const saved = await videos.getVideo(DEMO_TEAM_ID, DEMO_DRAFT, true);
      expect(saved?.enqueteId).toBeUndefined();
    });

    test('the LP intro video is picked by title and removed with its named button', async ({ page }) => {
      test.setTimeout(120_000);
      await demoAdminPage(page, lang);
      await page.goto('/admin/site_customize/lp');
      const box = page.getByRole('textbox', { name: t(lang, 'design:lp.introVideo') });
      await box.fill('Colour');
      // The LP names a video that is not public as such (it shows only while public).
      const bars = await (await stores()).videos.getVideo(DEMO_TEAM_ID, COLOUR_BARS_ID, true);
      const shown = bars?.isPublic ? COLOUR_BARS : t(lang, 'design:lp.privateVideo', { title: COLOUR_BARS });
      await page.getByRole('option', { name: shown, exact: true }).click();
      await page.getByRole('button', { name: t(lang, 'design:save'), exact: true }).click();
      await expect(page.getByText(t(lang, 'design:saved'))).toBeVisible();
      await page.reload();
      const remove = page.getByRole('button', { name: t(lang, 'common:itemPicker.remove', { title: shown }), exact: true });
      await expect(remove).toBeVisible();
      await remove.click();
      await page.getByRole('button', { name: t(lang, 'design:save'), exact: true }).click();
      await expect(page.getByText(t(lang, 'design:saved'))).toBeVisible();
      await page.reload();
      await expect(box).toBeVisible();
      await expect(remove).toHaveCount(0);
      const { design } = await stores();
      expect((await design.getDesign(DEMO_TEAM_ID)).design.introVideoId).toBeNull();
    });
  });
}
