import { mkdirSync } from 'node:fs';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { createLiveCall } from '../../shared/api/calls/lives';
import { createPdfCall } from '../../shared/api/calls/pdfs';

import { buildPdf } from '../../local/sample-pdf';
import { languages, t, type Lang } from './support/i18n';
import { memberPage } from './support/operator';
import { asOperator, joinAsMember, registerTeam, uploadPdf } from './support/team-api';

/**
 * SPEC §2 /user/:teamId/{video|pdf|live}/:id/item_select in both languages: a member opens a video, a PDF and a
 * live from a list (a category, the newest PDFs, the newest lives); each opens as item_select, the item's own page,
 * and its way back leads to the list it was chosen from (with its query), at a laptop's and a phone's width.
 */
const shots = '.local/e2e-item-select/screenshots';
mkdirSync(shots, { recursive: true });
const PHONE = { width: 390, height: 844 };
/** The first look at a page just opened: the machine running every spec's platform can be slow. */
const expect = baseExpect.configure({ timeout: 30_000 });

const DEMO_TEAM = '01DEMOTEAM0000000000000000';
const DEMO_CATEGORY = 'デモ / Demo';
/** local/seed-videos.ts: a listed demo video in the demo category. */
const WELCOME = 'はじめての動画 / Welcome';
const demoMember = { email: 'member@demo.example', password: 'demo-password' };

const backToList = (page: Page, lang: Lang) => page.getByRole('main').getByRole('link', { name: t(lang, 'videolist:selection.back'), exact: true });

for (const lang of languages) {
  test.describe(`item_select (${lang})`, () => {
    test('a member opens a video from a category list and goes back to that list', async ({ page }) => {
      test.setTimeout(180_000);
      await memberPage(page, lang, DEMO_TEAM, demoMember);
      await page.getByRole('navigation', { name: t(lang, 'member:nav.label') }).getByRole('link', { name: t(lang, 'member:nav.categories'), exact: true }).click();
      await page.getByRole('main').getByRole('link', { name: DEMO_CATEGORY }).click();
      await expect(page.getByRole('heading', { level: 1, name: DEMO_CATEGORY })).toBeVisible();
      const listUrl = page.url();

      await page.getByRole('main').getByRole('link', { name: new RegExp(WELCOME.replace(/[/]/g, '\\/')) }).click();
      await expect(page).toHaveURL(new RegExp(`/user/${DEMO_TEAM}/video/[^/]+/item_select$`));
      await expect(page.getByRole('heading', { level: 1, name: WELCOME })).toBeVisible();
      // The way back names the list, beside the title, above the save buttons.
      await expect(backToList(page, lang).first()).toBeVisible();
      await page.setViewportSize(PHONE);
      await page.screenshot({ path: `${shots}/video-${lang}-phone.png`, fullPage: true });
      const itemUrl = page.url();
      await backToList(page, lang).first().click();
      await expect(page).toHaveURL(listUrl);
      await expect(page.getByRole('heading', { level: 1, name: DEMO_CATEGORY })).toBeVisible();

      // Opened by its address alone (no list behind it), the way back is the videos list.
      await page.goto(itemUrl);
      await expect(page.getByRole('heading', { level: 1, name: WELCOME })).toBeVisible();
      await backToList(page, lang).first().click();
      await expect(page).toHaveURL(new RegExp(`/user/${DEMO_TEAM}/videos$`));
    });

    test('a member opens a PDF and a live from their newest lists and goes back to each list', async ({ page, request }) => {
      test.setTimeout(240_000);
      const team = await registerTeam(request, `item-select-${lang}`);
      const pdfTitle = `Selected guide ${lang}`;
      const liveTitle = `Selected live ${lang}`;
      const pdf = await asOperator<{ id: string }>(request, team, createPdfCall.path, {
        title: pdfTitle,
        status: 'public',
        isPublic: false,
        fields: { fileKey: await uploadPdf(request, team, buildPdf(['Chapter one', 'Chapter two']), 'selected.pdf'), accessScope: 'private' },
      });
      const now = Date.now();
      const live = await asOperator<{ id: string }>(request, team, createLiveCall.path, {
        title: liveTitle,
        status: 'public',
        fields: { platform: 'other', url: 'https://example.com/room', startAt: new Date(now + 2 * 86_400_000).toISOString(), endAt: new Date(now + 2 * 86_400_000 + 3_600_000).toISOString() },
      });
      const member = await joinAsMember(request, team, `item-select-${lang}`);
      await memberPage(page, lang, team.teamId, member);
      const main = page.getByRole('main');

      await page.goto(`/user/${team.teamId}/pdfs/newer?lang=${lang}`);
      await main.getByRole('link', { name: new RegExp(pdfTitle) }).click();
      await expect(page).toHaveURL(new RegExp(`/user/${team.teamId}/pdf/${pdf.id}/item_select$`));
      await expect(page.getByRole('heading', { level: 1, name: pdfTitle })).toBeVisible();
      await page.screenshot({ path: `${shots}/pdf-${lang}.png`, fullPage: true });
      await backToList(page, lang).last().click();
      await expect(page).toHaveURL(new RegExp(`/user/${team.teamId}/pdfs/newer\\?lang=${lang}$`));

      await page.setViewportSize(PHONE);
      await page.goto(`/user/${team.teamId}/lives/newer`);
      await main.getByRole('link', { name: new RegExp(liveTitle) }).click();
      await expect(page).toHaveURL(new RegExp(`/user/${team.teamId}/live/${live.id}/item_select$`));
      await expect(page.getByRole('heading', { level: 1, name: liveTitle })).toBeVisible();
      await expect(backToList(page, lang).first()).toBeInViewport();
      await page.screenshot({ path: `${shots}/live-${lang}-phone.png`, fullPage: true });
      await backToList(page, lang).first().click();
      await expect(page).toHaveURL(new RegExp(`/user/${team.teamId}/lives/newer$`));

      // Another team's item under this team's address: the live's own not-found page, with the way back.
      await page.goto(`/user/${team.teamId}/live/01ARZ3NDEKTSV4RRFFQ69G5FAV/item_select`);
      await expect(page.getByRole('heading', { name: t(lang, 'membercontents:notFound.live') })).toBeVisible();
      await expect(backToList(page, lang)).toHaveCount(1);
    });
  });
}
