import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect as baseExpect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { MemberContentAnswer } from '../../shared/api/calls/content-items';
import { createPdfCall, type PdfDocumentView, type PdfFieldsForm } from '../../shared/api/calls/pdfs';
import { getSecuritySettingsCall, updateSecuritySettingsCall, type SecuritySettingsAnswer } from '../../shared/api/calls/settings';

import { buildPdf } from '../../local/sample-pdf';
import { languages, t, type Lang } from './support/i18n';
import { memberPage, operatorPage } from './support/operator';
import { separatePage } from './support/shop';
import { asOperator, joinAsMember, registerTeam, type TeamFixture, uploadPdf } from './support/team-api';

/**
 * PDFs in both languages: an operator uploads one with a sample on the admin pages and sees its pages counted; a
 * member reads it in the pdf.js viewer (buttons, page number, keyboard, zoom, a phone's width), and the viewer
 * recovers from a refused address by asking for a new answer; a visitor of the public catalog sees only the public
 * PDFs (the whole of a `public` one, the sample of a `presence only` one); an outsider gets no PDF bytes without
 * a valid grant for exactly that file.
 */
const shots = '.local/e2e-pdfs/screenshots';
/**
 * Longer waits than the suite's 10 s: the server counts pages with pdf.js on save, and the viewer starts pdf.js's
 * worker (1.2 MB of script) before drawing; on a busy shared machine each takes several seconds.
 */
const expect = baseExpect.configure({ timeout: 30_000 });
const PHONE = { width: 390, height: 844 };

/** Real PDFs (pdf.js reads them as any reader would), written into a folder for the file chooser. */
const HANDBOOK = buildPdf(['Chapter one: welcome', 'Chapter two: the method', 'Chapter three: practice']);
const SAMPLE = buildPdf(['A taste of chapter one']);
const pdfFiles = (() => {
  const dir = mkdtempSync(join(tmpdir(), 'pdfs-'));
  writeFileSync(join(dir, 'handbook.pdf'), HANDBOOK);
  writeFileSync(join(dir, 'sample.pdf'), SAMPLE);
  return { handbook: join(dir, 'handbook.pdf'), sample: join(dir, 'sample.pdf') };
})();

/** Chooses a file through the file input's own chooser, as a person does. */
async function choose(page: Page, button: Locator, path: string) {
  const chooser = page.waitForEvent('filechooser');
  await button.click();
  await (await chooser).setFiles(path);
}

const createPdf = async (request: APIRequestContext, team: TeamFixture, title: string, isPublic: boolean, fields: Partial<PdfFieldsForm>) =>
  (await asOperator<{ id: string }>(request, team, createPdfCall.path, { title, status: 'public', isPublic, fields })).id;

/** The viewer's page, drawn: the canvas names it and says which page it holds. */
const canvasOf = (page: Page, lang: Lang, pageNumber: number, total: number) =>
  page.getByRole('img', { name: t(lang, 'pdfs:viewer.pageOf', { page: pageNumber, total }) });
const pixelsOf = (canvas: Locator) => canvas.evaluate((c: HTMLCanvasElement) => c.toDataURL());

for (const lang of languages) {
  test.describe(`PDFs (${lang})`, () => {
    test('an operator uploads a PDF with a sample and sees its pages; a member reads it page by page', async ({ page, request, browser }) => {
      test.setTimeout(300_000);
      const team = await registerTeam(request, `pdfs-${lang}`);
      await operatorPage(page, lang, team);

      await page.getByRole('link', { name: t(lang, 'admin:nav.pdfs') }).click();
      await expect(page.getByText(t(lang, 'contents:types.pdf.empty'))).toBeVisible();
      await page.getByRole('link', { name: t(lang, 'contents:types.pdf.create') }).click();
      await page.getByRole('textbox', { name: t(lang, 'contents:fields.title') }).fill(`Handbook ${lang}`);
      await choose(page, page.getByRole('button', { name: t(lang, 'pdfs:editor.file') }), pdfFiles.handbook);
      await expect(page.getByText(t(lang, 'pdfs:editor.uploaded', { name: 'handbook.pdf' }))).toBeVisible();
      await choose(page, page.getByRole('button', { name: t(lang, 'pdfs:editor.sample') }), pdfFiles.sample);
      await expect(page.getByText(t(lang, 'pdfs:editor.uploaded', { name: 'sample.pdf' }))).toBeVisible();

      // Published and in the catalog while its scope is still private: said at once, and refused by the server.
      const publicStatus = page
        .getByRole('radiogroup', { name: t(lang, 'contentfields:fields.status') })
        .getByRole('radio', { name: t(lang, 'contentfields:status.public'), exact: true });
      await page.locator(`label[for="${await publicStatus.getAttribute('id')}"]`).click();
      await page.getByRole('checkbox', { name: t(lang, 'contentfields:fields.isPublic') }).check();
      const scopes = page.getByRole('radiogroup', { name: t(lang, 'pdfs:editor.accessScope') });
      await expect(scopes.getByRole('radio', { name: t(lang, 'pdfs:scope.private.label'), exact: true })).toBeChecked();
      const conflict = t(lang, 'errors:validation/private_pdf_public');
      await expect(page.getByText(conflict)).toBeVisible();
      await page.getByRole('button', { name: t(lang, 'contents:actions.create'), exact: true }).click();
      await expect(page.getByRole('alert').filter({ hasText: t(lang, 'errors:common/invalid_input') })).toBeVisible();
      await expect(page).toHaveURL(/\/admin\/pdf\/create$/);
      await scopes.getByRole('radio', { name: t(lang, 'pdfs:scope.only_presence.label'), exact: true }).check();
      await expect(page.getByText(conflict)).toHaveCount(0);
      await page.getByRole('button', { name: t(lang, 'contents:actions.create'), exact: true }).click();
      await expect(page).toHaveURL(/\/admin\/pdf\/[0-9A-Z]+\/edit$/);
      const pdfId = /\/admin\/pdf\/([0-9A-Z]+)\/edit$/.exec(page.url())![1];

      // The saved PDF shows the pages the server counted.
      await expect(page.getByText(t(lang, 'pdfs:editor.saved', { count: 3 }))).toBeVisible();
      await expect(page.getByText(t(lang, 'pdfs:editor.saved', { count: 1 }))).toBeVisible();
      await page.screenshot({ path: `${shots}/pdf-edit-${lang}.png`, fullPage: true });
      await page.getByRole('link', { name: t(lang, 'contents:types.pdf.back') }).click();
      const row = page.getByRole('row', { name: new RegExp(`Handbook ${lang}`) });
      await expect(row.getByRole('cell', { name: t(lang, 'pdfs:admin.pages', { count: 3 }), exact: true })).toBeVisible();

      // The sample can be taken away again.
      await row.getByRole('link', { name: `Handbook ${lang}` }).click();
      await page.getByRole('button', { name: t(lang, 'pdfs:editor.removeSample') }).click();
      await expect(page.getByText(t(lang, 'pdfs:editor.saved', { count: 1 }))).toHaveCount(0);
      await page.getByRole('button', { name: t(lang, 'contents:actions.save'), exact: true }).click();
      await expect(page.getByText(t(lang, 'contents:edit.saved', { title: `Handbook ${lang}` }))).toBeVisible();
      await expect(page.getByText(t(lang, 'pdfs:editor.saved', { count: 3 }))).toBeVisible();
      await expect(page.getByRole('button', { name: t(lang, 'pdfs:editor.removeSample') })).toHaveCount(0);

      // A member opens it: the first page is drawn from the short-lived address of the answer.
      const member = await joinAsMember(request, team, `pdf-reader-${lang}`);
      const reader = await separatePage(browser);
      await memberPage(reader, lang, team.teamId, member);
      const answered = reader.waitForResponse((r) => r.url().endsWith('/api/member_content/get'));
      await reader.goto(`/user/${team.teamId}/pdf/${pdfId}?lang=${lang}`);
      const answer = (await (await answered).json()) as MemberContentAnswer<PdfDocumentView>;
      expect(answer.state).toBe('visible');
      expect(answer.view?.pageCount).toBe(3);
      await expect(reader.getByRole('heading', { name: `Handbook ${lang}`, level: 1 })).toBeVisible();
      const first = canvasOf(reader, lang, 1, 3);
      await expect(first).toHaveAttribute('data-page', '1');
      // Measured for the bench (no assertion on it): from the view opening, and from the navigation, to page 1 drawn.
      const timing = await reader.evaluate(() => {
        const mark = (name: string) => performance.getEntriesByName(name)[0]?.startTime ?? NaN;
        return { sinceNavigation: mark('pdf-view:first-page'), sinceViewOpened: mark('pdf-view:first-page') - mark('pdf-view:open') };
      });
      test.info().annotations.push({ type: 'pdf-first-page-ms', description: JSON.stringify(timing) });
      console.log(`[pdfs ${lang}] first page drawn: ${timing.sinceNavigation.toFixed(0)} ms after navigation, ${timing.sinceViewOpened.toFixed(0)} ms after the view opened`);
      await expect(reader.getByText(t(lang, 'pdfs:viewer.sample'), { exact: true })).toHaveCount(0);
      const pageOne = await pixelsOf(first);

      // Next page: the indicator, the canvas's name and its pixels all move on.
      await reader.getByRole('button', { name: t(lang, 'pdfs:viewer.next') }).click();
      await expect(reader.getByRole('status').filter({ hasText: t(lang, 'pdfs:viewer.pageOf', { page: 2, total: 3 }) })).toBeVisible();
      const second = canvasOf(reader, lang, 2, 3);
      await expect(second).toHaveAttribute('data-page', '2');
      expect(await pixelsOf(second)).not.toBe(pageOne);
      await expect(reader.getByRole('textbox', { name: t(lang, 'pdfs:viewer.pageNumber') })).toHaveValue('2');
      await reader.screenshot({ path: `${shots}/pdf-member-desktop-${lang}.png`, fullPage: true });

      // The keyboard, with the viewer focused: arrows and Page Up/Down turn pages, + and - zoom.
      const viewer = reader.getByRole('region', { name: t(lang, 'pdfs:viewer.label') });
      await viewer.focus();
      await reader.keyboard.press('ArrowLeft');
      await expect(canvasOf(reader, lang, 1, 3)).toHaveAttribute('data-page', '1');
      await reader.keyboard.press('PageDown');
      await reader.keyboard.press('PageDown');
      await expect(canvasOf(reader, lang, 3, 3)).toHaveAttribute('data-page', '3');
      await expect(reader.getByRole('button', { name: t(lang, 'pdfs:viewer.next') })).toBeDisabled();
      const fitWidth = await canvasOf(reader, lang, 3, 3).evaluate((c: { clientWidth: number }) => c.clientWidth);
      await reader.keyboard.type('+');
      await expect.poll(() => canvasOf(reader, lang, 3, 3).evaluate((c: { clientWidth: number }) => c.clientWidth)).toBeGreaterThan(fitWidth);
      await reader.keyboard.type('--');
      await expect.poll(() => canvasOf(reader, lang, 3, 3).evaluate((c: { clientWidth: number }) => c.clientWidth)).toBeLessThan(fitWidth);
      await reader.getByRole('button', { name: t(lang, 'pdfs:viewer.fitWidth') }).click();
      await expect.poll(() => canvasOf(reader, lang, 3, 3).evaluate((c: { clientWidth: number }) => c.clientWidth)).toBe(fitWidth);

      // The page number: typed and entered.
      const pageNumber = reader.getByRole('textbox', { name: t(lang, 'pdfs:viewer.pageNumber') });
      await pageNumber.fill('2');
      await pageNumber.press('Enter');
      await expect(canvasOf(reader, lang, 2, 3)).toHaveAttribute('data-page', '2');

      // Nothing on the page leads to the file: no link or source holds its address.
      const filePath = new URL(answer.view!.url, 'http://localhost').pathname;
      await expect(reader.locator(`[href*="${filePath}"], [src*="${filePath}"]`)).toHaveCount(0);

      // A phone: the page fits the width, the controls stay on screen, nothing scrolls sideways.
      await reader.setViewportSize(PHONE);
      await expect.poll(() => canvasOf(reader, lang, 2, 3).evaluate((c: { clientWidth: number }) => c.clientWidth)).toBeLessThan(PHONE.width);
      await expect(reader.getByRole('button', { name: t(lang, 'pdfs:viewer.fitWidth') })).toBeInViewport();
      expect(await reader.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      await reader.screenshot({ path: `${shots}/pdf-member-phone-${lang}.png`, fullPage: true });

      // An address that is refused (as an expired one is): the viewer asks for a new answer and opens the PDF again.
      let refused = 0;
      await reader.route('**/media/**', async (route) => {
        if (refused++ === 0) await route.fulfill({ status: 403, body: 'Forbidden' });
        else await route.continue();
      });
      const answers: string[] = [];
      reader.on('response', (r) => {
        if (r.url().endsWith('/api/member_content/get')) answers.push(r.url());
      });
      await reader.reload();
      await expect(canvasOf(reader, lang, 1, 3)).toHaveAttribute('data-page', '1');
      expect(refused).toBeGreaterThanOrEqual(2);
      expect(answers).toHaveLength(2);
      await reader.close();
    });

    test('a visitor sees only the public PDFs (a presence-only one as its sample); an outsider gets no PDF without its grant', async ({
      request,
      browser,
      playwright,
    }) => {
      test.setTimeout(300_000);
      const team = await registerTeam(request, `pdf-catalog-${lang}`);
      const settings = await asOperator<SecuritySettingsAnswer>(request, team, getSecuritySettingsCall.path, {});
      const { yourIp: _ip, ...kept } = settings;
      await asOperator(request, team, updateSecuritySettingsCall.path, { ...kept, catalogPublic: true });

      const openTitle = `Open guide ${lang}`;
      const teaserTitle = `Teaser guide ${lang}`;
      const membersTitle = `Members guide ${lang}`;
      const open = await createPdf(request, team, openTitle, true, { fileKey: await uploadPdf(request, team, HANDBOOK, 'open.pdf'), accessScope: 'public' });
      const teaser = await createPdf(request, team, teaserTitle, true, {
        fileKey: await uploadPdf(request, team, HANDBOOK, 'teaser.pdf'),
        sampleKey: await uploadPdf(request, team, SAMPLE, 'teaser-sample.pdf'),
        accessScope: 'only_presence',
      });
      const membersOnly = await createPdf(request, team, membersTitle, false, { fileKey: await uploadPdf(request, team, HANDBOOK, 'members.pdf'), accessScope: 'private' });

      // The catalog's PDF list: the public two, not the members' one.
      const visitor = await separatePage(browser);
      await visitor.goto(`/catalog/${team.teamId}/pdfs/newer?lang=${lang}`);
      await expect(visitor.getByRole('link', { name: new RegExp(openTitle) })).toBeVisible();
      await expect(visitor.getByRole('link', { name: new RegExp(teaserTitle) })).toBeVisible();
      await expect(visitor.getByText(membersTitle)).toHaveCount(0);

      // A public PDF: the whole of it.
      const openAnswer = visitor.waitForResponse((r) => r.url().endsWith('/api/catalog/content/get'));
      await visitor.getByRole('link', { name: new RegExp(openTitle) }).click();
      await expect(visitor).toHaveURL(new RegExp(`/catalog/${team.teamId}/pdf/${open}$`));
      const openView = ((await (await openAnswer).json()) as MemberContentAnswer<PdfDocumentView>).view!;
      await expect(canvasOf(visitor, lang, 1, 3)).toHaveAttribute('data-page', '1');
      await visitor.getByRole('button', { name: t(lang, 'pdfs:viewer.next') }).click();
      await expect(canvasOf(visitor, lang, 2, 3)).toHaveAttribute('data-page', '2');

      // Presence only: the card, the overview and the sample, labelled so; the whole after logging in.
      await visitor.goto(`/catalog/${team.teamId}/pdf/${teaser}?lang=${lang}`);
      await expect(visitor.getByRole('heading', { name: teaserTitle, level: 1 })).toBeVisible();
      await expect(visitor.getByText(t(lang, 'pdfs:viewer.sample'), { exact: true })).toBeVisible();
      await expect(visitor.getByText(t(lang, 'pdfs:viewer.sampleNote', { count: 1 }))).toBeVisible();
      await expect(visitor.getByRole('heading', { name: t(lang, 'membercontents:page.registeredTitle') })).toBeVisible();
      await expect(visitor.getByRole('region', { name: t(lang, 'pdfs:viewer.sampleLabel') })).toBeVisible();
      await expect(canvasOf(visitor, lang, 1, 1)).toHaveAttribute('data-page', '1');
      await visitor.screenshot({ path: `${shots}/pdf-catalog-sample-${lang}.png`, fullPage: true });
      await visitor.setViewportSize(PHONE);
      await visitor.screenshot({ path: `${shots}/pdf-catalog-sample-phone-${lang}.png`, fullPage: true });

      // The members' PDF is not in the catalog at all.
      await visitor.goto(`/catalog/${team.teamId}/pdf/${membersOnly}?lang=${lang}`);
      await expect(visitor.getByRole('heading', { name: t(lang, 'membercontents:notFound.pdf') })).toBeVisible();
      await visitor.close();

      // A member's address of the members' PDF, tried by an outsider with no cookies: without its grant, with a
      // forged grant, or with a real grant of another PDF (the visitor's public one), the file is refused.
      const member = await joinAsMember(request, team, `pdf-member-${lang}`);
      const reader = await separatePage(browser);
      await memberPage(reader, lang, team.teamId, member);
      const memberAnswer = reader.waitForResponse((r) => r.url().endsWith('/api/member_content/get'));
      await reader.goto(`/user/${team.teamId}/pdf/${membersOnly}?lang=${lang}`);
      const { url } = ((await (await memberAnswer).json()) as MemberContentAnswer<PdfDocumentView>).view!;
      await expect(canvasOf(reader, lang, 1, 3)).toHaveAttribute('data-page', '1');
      await reader.close();

      const outsider = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
      const [path, query] = url.split('?');
      const grant = new URLSearchParams(query).get('grant')!;
      const [payload, signature] = grant.split('.');
      const forged = `${payload}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
      const otherGrant = new URLSearchParams(openView.url.split('?')[1]).get('grant')!;
      expect((await outsider.get(path)).status()).toBe(403);
      expect((await outsider.get(`${path}?grant=`)).status()).toBe(403);
      expect((await outsider.get(`${path}?grant=${forged}`)).status()).toBe(403);
      expect((await outsider.get(`${path}?grant=${otherGrant}`)).status()).toBe(403);
      // The catalog names nothing of it either.
      const catalogGet = await outsider.post('/api/catalog/content/get', { data: { teamId: team.teamId, type: 'pdf', id: membersOnly } });
      expect(catalogGet.status()).toBe(404);
      // The intact address is a signed URL (as CloudFront's): whoever holds it reads the file until it expires, five
      // minutes after the access decision handed it out.
      const intact = await outsider.get(url);
      expect(intact.status()).toBe(200);
      expect(Buffer.from(await intact.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
      await outsider.dispose();
    });
  });
}
