import { expect, test, type Page } from '@playwright/test';
import { createEventCall } from '../../shared/api/calls/events';
import { createLiveCall } from '../../shared/api/calls/lives';
import { languages, t, type Lang } from './support/i18n';
import { memberPage, operatorPage } from './support/operator';
import { DEMO_TEAM_ID } from './support/platform';
import { logInAdmin, newBuyer, separatePage } from './support/shop';
import { asOperator, joinAsMember, registerTeam } from './support/team-api';

/**
 * SPEC §3 events in both languages: an operator makes one on the admin pages (periods, contents picked by title,
 * errors on the field to fix), a member applies on its page and opens its contents through it (a private live,
 * and a private demo video on the watch page), a member who did not apply cannot; an applied member waits for the
 * event to open. Screenshots go beside this run's data.
 */
const shots = '.local/e2e-events/screenshots';

const MINUTE = 60_000;
const pad = (n: number) => String(n).padStart(2, '0');
/** A time `minutes` from now as a `datetime-local` input holds it (the browser runs in this machine's zone). */
function localInput(minutes: number): string {
  const d = new Date(Date.now() + minutes * MINUTE);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
/** SPEC §9 date and time as the pages show it (YYYY/MM/DD HH:mm, local). */
function shown(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}/${pad(d.getMonth() + 1)}/${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
const isoIn = (minutes: number) => new Date(Date.now() + minutes * MINUTE).toISOString();
/** A page's first paint after a navigation (its lazy chunks and strings load first; slow on a busy machine). */
const LOAD = { timeout: 30_000 };

/** A Mantine SegmentedControl's radio is visually hidden: press its visible label, as a person does. */
async function choose(page: Page, name: string) {
  const radio = page.getByRole('radio', { name, exact: true });
  await page.locator(`label[for="${await radio.getAttribute('id')}"]`).click();
  await expect(radio).toBeChecked();
}

/**
 * On the event form: applications open from 2 minutes ago, the event held from a minute ago (so an applicant opens
 * its contents at once) for two hours; `applicationEnd` given in minutes from now.
 */
async function fillPeriods(page: Page, lang: Lang, applicationEnd: number) {
  await page.getByLabel(t(lang, 'events:form.applicationStart')).fill(localInput(-2));
  await page.getByLabel(t(lang, 'events:form.applicationEnd')).fill(localInput(applicationEnd));
  await page.getByLabel(t(lang, 'events:form.holdStart')).fill(localInput(-1));
  await page.getByLabel(t(lang, 'events:form.holdEnd')).fill(localInput(120));
}

/** Picks a content of the type by a word of its title in the form's search. */
async function addContent(page: Page, lang: Lang, type: 'video' | 'live' | 'pdf', search: string, title: string) {
  await choose(page, t(lang, `events:types.${type}`));
  const box = page.getByRole('combobox', { name: t(lang, 'events:form.search') });
  await box.click();
  await box.fill(search);
  await page.getByRole('option', { name: title }).click();
  await expect(page.getByRole('list', { name: t(lang, 'events:form.contents') }).getByText(title)).toBeVisible();
}

for (const lang of languages) {
  test.describe(`events (${lang})`, () => {
    test('an operator makes an event with a live; a member applies and opens the live through it; a non-applicant cannot', async ({ page, request, browser }) => {
      test.setTimeout(240_000);
      const team = await registerTeam(request, `events-${lang}`);
      // Private: only the event opens it to members.
      const liveTitle = `Seminar live ${lang}`;
      const { id: liveId } = await asOperator<{ id: string }>(request, team, createLiveCall.path, {
        title: liveTitle,
        status: 'private',
        fields: { platform: 'other', url: 'https://example.com/stream', startAt: isoIn(-30), endAt: isoIn(120) },
      });

      await operatorPage(page, lang, team);
      await page.getByRole('link', { name: t(lang, 'admin:nav.events') }).click();
      await expect(page.getByText(t(lang, 'contents:types.event.empty'))).toBeVisible(LOAD);
      await page.getByRole('link', { name: t(lang, 'contents:types.event.create') }).click();
      await expect(page).toHaveURL(/\/admin\/event\/event_create$/);
      const title = `Spring seminar ${lang}`;
      await page.getByRole('textbox', { name: t(lang, 'contents:fields.title') }).fill(title);
      await choose(page, t(lang, 'contentfields:status.public'));

      // SPEC §9 suggestion: the empty date-time input, once focused, offers tomorrow on the hour and fills it only
      // when the operator takes it.
      const applicationStart = page.getByLabel(t(lang, 'events:form.applicationStart'));
      await expect(applicationStart).toHaveValue('');
      await applicationStart.focus();
      const tomorrow = new Date(Date.now() + 24 * 60 * MINUTE);
      tomorrow.setMinutes(0, 0, 0);
      const offer = page.getByRole('button', { name: t(lang, 'common:dateSuggestion.use', { value: shown(tomorrow.toISOString()) }) });
      await expect(offer).toBeVisible();
      await expect(applicationStart).toHaveValue('');
      await page.setViewportSize({ width: 390, height: 844 });
      await offer.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${shots}/event-suggestion-phone-${lang}.png` });
      await page.setViewportSize({ width: 1280, height: 800 });
      await offer.click();
      await expect(applicationStart).toHaveValue(shown(tomorrow.toISOString()).replaceAll('/', '-').replace(' ', 'T'));
      await expect(offer).toBeHidden();

      // Applications closing before they open, and no content: each error on the field to fix.
      await fillPeriods(page, lang, -3);
      await page.getByRole('button', { name: t(lang, 'contents:actions.create'), exact: true }).click();
      await expect(page.getByText(t(lang, 'errors:validation/application_period_order'))).toBeVisible();
      await expect(page.getByLabel(t(lang, 'events:form.applicationEnd'))).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByText(t(lang, 'errors:validation/contents_required'))).toBeVisible();
      await expect(page).toHaveURL(/\/admin\/event\/event_create$/);
      await page.screenshot({ path: `${shots}/event-errors-${lang}.png`, fullPage: true });

      await page.getByLabel(t(lang, 'events:form.applicationEnd')).fill(localInput(60));
      await addContent(page, lang, 'live', 'Seminar', liveTitle);
      await expect(page.getByText(t(lang, 'errors:validation/contents_required'))).toBeHidden();
      await page.getByRole('button', { name: t(lang, 'contents:actions.create'), exact: true }).click();
      await expect(page).toHaveURL(/\/admin\/event\/event_edit\/[0-9A-Z]+$/);
      const eventId = /\/event_edit\/([0-9A-Z]+)$/.exec(page.url())![1]!;
      await expect(page.getByRole('heading', { name: t(lang, 'contents:types.event.edit') })).toBeVisible(LOAD);
      // The saved event names its live by title again (it stores the type and id).
      await expect(page.getByRole('list', { name: t(lang, 'events:form.contents') }).getByText(liveTitle)).toBeVisible();
      await page.screenshot({ path: `${shots}/event-edit-${lang}.png`, fullPage: true });

      await page.getByRole('link', { name: t(lang, 'contents:types.event.back') }).click();
      await expect(page.getByRole('row', { name: new RegExp(title) })).toContainText(t(lang, 'events:summary', { count: 1 }));

      // A member applies on the event's page, then opens the live through the event.
      const member = await joinAsMember(request, team, `applicant-${lang}`);
      const applicant = await separatePage(browser);
      await memberPage(applicant, lang, team.teamId, member);
      await applicant.goto(`/user/${team.teamId}/event/${eventId}?lang=${lang}`);
      await expect(applicant.getByRole('heading', { name: title, level: 1 })).toBeVisible(LOAD);
      await expect(applicant.getByRole('heading', { name: t(lang, 'events:page.unappliedTitle') })).toBeVisible();
      await expect(applicant.getByText(liveTitle)).toBeVisible();
      await expect(applicant.getByRole('link', { name: new RegExp(liveTitle) })).toHaveCount(0);
      await applicant.getByRole('button', { name: t(lang, 'events:page.apply') }).click();
      await expect(applicant.getByRole('heading', { name: t(lang, 'events:page.visibleTitle') })).toBeVisible();
      await applicant.setViewportSize({ width: 390, height: 844 });
      await applicant.screenshot({ path: `${shots}/event-member-phone-${lang}.png`, fullPage: true });
      await applicant.setViewportSize({ width: 1280, height: 800 });
      await applicant.getByRole('link', { name: new RegExp(liveTitle) }).click();
      await expect(applicant).toHaveURL(new RegExp(`/user/${team.teamId}/event/live/${eventId}/${liveId}/item_select$`));
      await expect(applicant.getByRole('heading', { name: liveTitle, level: 1 })).toBeVisible(LOAD);
      await applicant.screenshot({ path: `${shots}/event-live-${lang}.png`, fullPage: true });
      await applicant.getByRole('link', { name: t(lang, 'events:page.backToEvent') }).first().click();
      await expect(applicant).toHaveURL(new RegExp(`/user/${team.teamId}/event/${eventId}$`));
      // SPEC §2 event/live/:parentId/:liveId, the address without item_select, is the same page.
      await applicant.goto(`/user/${team.teamId}/event/live/${eventId}/${liveId}?lang=${lang}`);
      await expect(applicant.getByRole('heading', { name: liveTitle, level: 1 })).toBeVisible(LOAD);
      // On its own the private live does not exist for the member.
      await applicant.goto(`/user/${team.teamId}/live/${liveId}?lang=${lang}`);
      await expect(applicant.getByRole('heading', { name: t(lang, 'membercontents:notFound.live') })).toBeVisible(LOAD);

      // An event applied to but not held yet: the member waits (made through the API, held tomorrow).
      const holdStart = isoIn(24 * 60);
      const holdEnd = isoIn(25 * 60);
      const { id: laterId } = await asOperator<{ id: string }>(request, team, createEventCall.path, {
        title: `Autumn seminar ${lang}`,
        status: 'public',
        fields: { format: 'application', applicationStart: isoIn(-60), applicationEnd: isoIn(60), holdStart, holdEnd, contents: [{ type: 'live', id: liveId }] },
      });
      await applicant.goto(`/user/${team.teamId}/event/${laterId}?lang=${lang}`);
      await applicant.getByRole('button', { name: t(lang, 'events:page.apply') }).click();
      await expect(applicant.getByRole('heading', { name: t(lang, 'events:page.beforeEventTitle') })).toBeVisible(LOAD);
      await expect(applicant.getByText(t(lang, 'events:page.beforeEventBody', { date: shown(holdStart) }))).toBeVisible();
      // SPEC §9 period: the end repeats its year only when it differs from the start's.
      const sameYear = new Date(holdStart).getFullYear() === new Date(holdEnd).getFullYear();
      const end = sameYear ? shown(holdEnd).slice(5) : shown(holdEnd);
      await expect(applicant.getByText(`${shown(holdStart)}${t(lang, 'common:period.separator')}${end}`, { exact: true })).toBeVisible();
      await expect(applicant.getByRole('link', { name: new RegExp(liveTitle) })).toHaveCount(0);
      await expect(applicant.getByText(t(lang, 'events:page.locked'))).toBeVisible();
      await applicant.screenshot({ path: `${shots}/event-before-${lang}.png`, fullPage: true });
      await applicant.close();

      // Someone who did not apply sees no way in, and the address of the content through the event finds nothing.
      const other = await joinAsMember(request, team, `bystander-${lang}`);
      const bystander = await separatePage(browser);
      await memberPage(bystander, lang, team.teamId, other);
      await bystander.goto(`/user/${team.teamId}/event/${eventId}?lang=${lang}`);
      await expect(bystander.getByRole('heading', { name: t(lang, 'events:page.unappliedTitle') })).toBeVisible(LOAD);
      await expect(bystander.getByRole('link', { name: new RegExp(liveTitle) })).toHaveCount(0);
      await bystander.goto(`/user/${team.teamId}/event/live/${eventId}/${liveId}/item_select?lang=${lang}`);
      await expect(bystander.getByRole('heading', { name: t(lang, 'membercontents:notFound.live') })).toBeVisible(LOAD);
      await expect(bystander.getByRole('link', { name: t(lang, 'events:page.backToEvent') })).toBeVisible();
      await bystander.close();
    });

    test('the demo administrator makes an event with the private demo video; an applicant watches it through the event', async ({ page, browser }) => {
      test.setTimeout(240_000);
      const DRAFT = { id: '01DEMOVIDE0000000000000003', title: '下書き / Draft' };
      await logInAdmin(page, lang);
      await page.getByRole('link', { name: t(lang, 'admin:nav.events') }).click();
      await page.getByRole('link', { name: t(lang, 'contents:types.event.create') }).click();
      const title = `Demo screening ${lang} ${Date.now().toString(36)}`;
      await page.getByRole('textbox', { name: t(lang, 'contents:fields.title') }).fill(title);
      await choose(page, t(lang, 'contentfields:status.public'));
      await fillPeriods(page, lang, 60);
      await addContent(page, lang, 'video', 'Draft', DRAFT.title);
      await page.getByRole('button', { name: t(lang, 'contents:actions.create'), exact: true }).click();
      await expect(page).toHaveURL(/\/admin\/event\/event_edit\/[0-9A-Z]+$/);
      const eventId = /\/event_edit\/([0-9A-Z]+)$/.exec(page.url())![1]!;
      await expect(page.getByRole('list', { name: t(lang, 'events:form.contents') }).getByText(DRAFT.title)).toBeVisible();

      const viewer = await separatePage(browser);
      await newBuyer(viewer, lang, 'event-viewer');
      await viewer.goto(`/user/${DEMO_TEAM_ID}/event/${eventId}?lang=${lang}`);
      await viewer.getByRole('button', { name: t(lang, 'events:page.apply') }).click();
      await viewer.getByRole('link', { name: new RegExp(DRAFT.title.replace('/', '\\/')) }).click();
      const through = `/user/${DEMO_TEAM_ID}/event/${eventId}/${DRAFT.id}/item_select`;
      await expect(viewer).toHaveURL(new RegExp(`${through}$`));
      // The seed encodes its clips after the first start (until then the video is not found): come back until it plays.
      const playing = viewer.getByRole('heading', { name: DRAFT.title, level: 1 });
      const notYet = viewer.getByRole('heading', { name: t(lang, 'player:page.notFoundTitle') });
      for (let attempt = 0; ; attempt++) {
        await expect(playing.or(notYet)).toBeVisible(LOAD);
        if (await playing.isVisible()) break;
        if (attempt > 60) throw new Error('The draft demo video did not become playable');
        await viewer.waitForTimeout(2000);
        await viewer.goto(`${through}?lang=${lang}`);
      }
      // Watching reports progress through the event too (the call refuses the private video without it).
      const progress = viewer.waitForResponse((r) => r.url().endsWith('/api/member_video/progress'));
      await viewer.getByLabel(t(lang, 'player:player.label')).evaluate((v: HTMLVideoElement) => {
        v.muted = true;
        return v.play();
      });
      const reported = await progress;
      expect(reported.status()).toBe(200);
      expect(reported.request().postDataJSON()).toMatchObject({ videoId: DRAFT.id, eventId, event: 'start' });
      await viewer.screenshot({ path: `${shots}/event-video-${lang}.png` });
      await viewer.getByRole('link', { name: t(lang, 'events:page.backToEvent') }).click();
      await expect(viewer).toHaveURL(new RegExp(`/user/${DEMO_TEAM_ID}/event/${eventId}$`));
      // SPEC §2 event/:parentId/:videoId, the address without item_select, plays it through the event too.
      await viewer.goto(`/user/${DEMO_TEAM_ID}/event/${eventId}/${DRAFT.id}?lang=${lang}`);
      await expect(playing).toBeVisible(LOAD);
      // Not through the event, the draft does not exist for a member.
      await viewer.goto(`/user/${DEMO_TEAM_ID}/video/${DRAFT.id}?lang=${lang}`);
      await expect(viewer.getByRole('heading', { name: t(lang, 'player:page.notFoundTitle') })).toBeVisible();
      await viewer.close();
    });
  });
}
