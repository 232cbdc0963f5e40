import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { createLiveCall } from '../../shared/api/calls/lives';
import { LIVE_JOIN_LEAD_MINUTES } from '../../shared/live-schedule';
import { languages, t } from './support/i18n';
import { memberPage, operatorPage } from './support/operator';
import { separatePage } from './support/shop';
import { asOperator, joinAsMember, openCatalog, registerTeam } from './support/team-api';

/**
 * Lives in both languages: an operator connects Zoom (the local fake: a secret starting `zoom-ok` connects, an
 * account starting `no-user` has no user), creates a live with a Zoom meeting on the admin pages, and a member
 * joins it inside its window; a live to come shows when its link will appear, and appears while the member waits;
 * a catalog visitor sees only the public lives.
 */
const shots = '.local/e2e-lives/screenshots';
mkdirSync(shots, { recursive: true });
const PHONE = { width: 390, height: 844 };
const MINUTE = 60_000;
/** The first look at a page just opened: the machine running every spec's platform can be slow. */
const LOAD = 30_000;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A field by its label, which may carry the required asterisk (date and password inputs have no textbox role). */
const labelled = (page: Page, label: string) => page.getByLabel(new RegExp(`^${escape(label)}\\s*\\*?$`));
const pad = (n: number) => String(n).padStart(2, '0');
/** What `<input type="datetime-local">` holds, in this machine's zone (the browser's too). */
const localInput = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
/** SPEC §9 YYYY/MM/DD HH:mm, as the pages show times. */
const shown = (d: Date) => `${d.getFullYear()}/${pad(d.getMonth() + 1)}/${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
/** Whole minutes, as the form keeps them. */
const minute = (ms: number) => new Date(Math.floor(ms / MINUTE) * MINUTE);

const liveInput = (title: string, fields: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ title, status: 'public', fields, ...extra });

for (const lang of languages) {
  test.describe(`lives (${lang})`, () => {
    test('an operator connects Zoom and creates a live with a meeting; a member joins it now and sees no link for a later one', async ({ page, request, browser }) => {
      test.setTimeout(240_000);
      const team = await registerTeam(request, `lives-${lang}`);
      await operatorPage(page, lang, team);

      // The live form: Zoom is not connected yet, so it leads to the Zoom settings.
      await page.getByRole('link', { name: t(lang, 'admin:nav.lives') }).click();
      await expect(page.getByText(t(lang, 'contents:types.live.empty'))).toBeVisible({ timeout: LOAD });
      await page.getByRole('link', { name: t(lang, 'contents:types.live.create') }).click();
      await expect(page.getByText(t(lang, 'lives:editor.notConnected'))).toBeVisible({ timeout: LOAD });
      await page.getByRole('link', { name: t(lang, 'lives:editor.zoomSettings') }).click();
      await expect(page).toHaveURL(/\/admin\/setting\/zoom_setting$/);
      await expect(page.getByRole('heading', { name: t(lang, 'lives:zoom.title'), level: 1 })).toBeVisible({ timeout: LOAD });

      // Wrong secret: Zoom refuses at the token step (the reason, and the client ID and secret marked), nothing is stored.
      const accountId = `acct-${lang}-e2e`;
      await labelled(page, t(lang, 'lives:zoom.accountId')).fill(accountId);
      await labelled(page, t(lang, 'lives:zoom.clientId')).fill('client-e2e');
      await labelled(page, t(lang, 'lives:zoom.clientSecret')).fill('wrong-secret');
      await page.getByRole('button', { name: t(lang, 'lives:zoom.connect') }).click();
      const refusal = page.getByRole('main').getByRole('alert');
      await expect(refusal).toContainText(t(lang, 'errors:zoom/credentials_rejected'), { timeout: LOAD });
      await expect(page.getByText(t(lang, 'errors:zoom/client_rejected'))).toHaveCount(2);
      await expect(page.getByText(t(lang, 'lives:zoom.state.notConnected'))).toBeVisible();
      await page.screenshot({ path: `${shots}/zoom-refused-${lang}.png`, fullPage: true });

      // An account without a user: the user step fails with its own message.
      await labelled(page, t(lang, 'lives:zoom.accountId')).fill('no-user-e2e');
      await labelled(page, t(lang, 'lives:zoom.clientSecret')).fill('zoom-ok-e2e');
      await page.getByRole('button', { name: t(lang, 'lives:zoom.connect') }).click();
      await expect(refusal).toContainText(t(lang, 'errors:zoom/user_id_failed'), { timeout: LOAD });

      // Good credentials: connected, shown on the authorized page with the Zoom user.
      await labelled(page, t(lang, 'lives:zoom.accountId')).fill(accountId);
      await labelled(page, t(lang, 'lives:zoom.clientSecret')).fill('zoom-ok-e2e');
      await page.getByRole('button', { name: t(lang, 'lives:zoom.connect') }).click();
      await expect(page).toHaveURL(/\/admin\/setting\/zoom_setting\/authorized$/, { timeout: LOAD });
      await expect(page.getByRole('status').filter({ hasText: t(lang, 'lives:zoom.authorized.title') })).toBeVisible();
      await expect(page.getByTestId('zoom-connected-user')).toContainText(`zoom-owner@${accountId}.zoom.local`);
      await expect(page.getByText(t(lang, 'lives:zoom.state.connected'), { exact: true })).toBeVisible();
      await page.screenshot({ path: `${shots}/zoom-connected-${lang}.png`, fullPage: true });

      // The secret never comes back: the field is empty, the hint says one is stored.
      await page.reload();
      await expect(page.getByText(t(lang, 'lives:zoom.secretStored'))).toBeVisible({ timeout: LOAD });
      await expect(labelled(page, t(lang, 'lives:zoom.clientSecret'))).toHaveValue('');
      await expect(labelled(page, t(lang, 'lives:zoom.accountId'))).toHaveValue(accountId);

      // A live on now (started 5 minutes ago), its meeting made on the connected account.
      await page.getByRole('link', { name: t(lang, 'lives:zoom.authorized.createLive') }).click();
      await expect(page).toHaveURL(/\/admin\/live\/create$/);
      const start = minute(Date.now() - 5 * MINUTE);
      const end = minute(Date.now() + 60 * MINUTE);
      await page.getByRole('textbox', { name: t(lang, 'contents:fields.title') }).fill(`Live ${lang}`);
      await labelled(page, t(lang, 'lives:editor.startAt')).fill(localInput(start));
      await labelled(page, t(lang, 'lives:editor.endAt')).fill(localInput(end));
      await page.getByRole('button', { name: t(lang, 'lives:editor.createMeeting.zoomMeeting') }).click();
      const meetingIdInput = page.getByRole('textbox', { name: t(lang, 'lives:editor.meetingId.zoomMeeting') });
      await expect(meetingIdInput).toHaveValue(/^\d{11}$/, { timeout: LOAD });
      await expect(page.getByRole('textbox', { name: t(lang, 'lives:editor.passcode') })).toHaveValue(/^\d{6}$/);
      const meetingId = await meetingIdInput.inputValue();
      const passcode = await page.getByRole('textbox', { name: t(lang, 'lives:editor.passcode') }).inputValue();
      const publicStatus = page.getByRole('radio', { name: t(lang, 'contentfields:status.public'), exact: true });
      await page.locator(`label[for="${await publicStatus.getAttribute('id')}"]`).click();
      await expect(publicStatus).toBeChecked();
      await page.getByRole('button', { name: t(lang, 'contents:actions.create'), exact: true }).click();
      await expect(page).toHaveURL(/\/admin\/live\/[0-9A-Z]+\/edit$/, { timeout: LOAD });
      const liveId = /\/admin\/live\/([0-9A-Z]+)\/edit$/.exec(page.url())![1];
      await expect(page.getByRole('textbox', { name: t(lang, 'lives:editor.meetingId.zoomMeeting') })).toHaveValue(meetingId);
      await expect(labelled(page, t(lang, 'lives:editor.startAt'))).toHaveValue(localInput(start));
      await page.screenshot({ path: `${shots}/live-edit-${lang}.png`, fullPage: true });

      // The list's summary column is the start.
      await page.getByRole('link', { name: t(lang, 'contents:types.live.back') }).click();
      const row = page.getByRole('row', { name: new RegExp(`Live ${lang}`) });
      await expect(row.getByRole('cell', { name: shown(start), exact: true })).toBeVisible({ timeout: LOAD });

      // A live two days from now, arranged through the API.
      const laterStart = minute(Date.now() + 2 * 24 * 60 * MINUTE);
      const later = await asOperator<{ id: string }>(
        request,
        team,
        createLiveCall.path,
        liveInput(`Later ${lang}`, { platform: 'youtube', url: 'dQw4w9WgXcQ', startAt: laterStart.toISOString(), endAt: new Date(laterStart.getTime() + 60 * MINUTE).toISOString() }),
      );

      // The member: the current live has the join button (a new tab) and the meeting ID and passcode.
      const member = await joinAsMember(request, team, `live-${lang}`);
      const viewer = await separatePage(browser);
      await memberPage(viewer, lang, team.teamId, member);
      await viewer.goto(`/user/${team.teamId}/live/${liveId}?lang=${lang}`);
      await expect(viewer.getByRole('heading', { name: `Live ${lang}`, level: 1 })).toBeVisible({ timeout: LOAD });
      const schedule = viewer.getByTestId('live-schedule');
      await expect(schedule.getByText(t(lang, 'lives:view.phase.live'), { exact: true })).toBeVisible();
      await expect(schedule).toContainText(shown(start));
      await expect(schedule).toContainText(shown(end));
      const join = schedule.getByRole('link', { name: t(lang, 'lives:view.join.zoomMeeting') });
      await expect(join).toHaveAttribute('href', `https://zoom.us/j/${meetingId}`);
      await expect(join).toHaveAttribute('target', '_blank');
      await expect(join).toHaveAttribute('rel', /\bnoopener\b/);
      await expect(schedule).toContainText(`${meetingId.slice(0, 3)} ${meetingId.slice(3, 7)} ${meetingId.slice(7)}`);
      await expect(schedule).toContainText(passcode);
      await viewer.screenshot({ path: `${shots}/live-member-${lang}.png`, fullPage: true });
      await viewer.setViewportSize(PHONE);
      await viewer.screenshot({ path: `${shots}/live-member-phone-${lang}.png`, fullPage: true });

      // The later live: its schedule and when the link appears, but no link.
      await viewer.goto(`/user/${team.teamId}/live/${later.id}?lang=${lang}`);
      await expect(viewer.getByRole('heading', { name: `Later ${lang}`, level: 1 })).toBeVisible({ timeout: LOAD });
      const laterSchedule = viewer.getByTestId('live-schedule');
      await expect(laterSchedule.getByText(t(lang, 'lives:view.phase.scheduled'), { exact: true })).toBeVisible();
      await expect(laterSchedule).toContainText(t(lang, 'lives:view.startsAt', { date: shown(laterStart) }));
      await expect(laterSchedule).toContainText(t(lang, 'lives:view.joinOpensLead', { minutes: LIVE_JOIN_LEAD_MINUTES }));
      await expect(viewer.getByRole('link', { name: t(lang, 'lives:view.join.youtube') })).toHaveCount(0);
      await expect(viewer.locator('a[href*="youtube.com"]')).toHaveCount(0);
      await viewer.screenshot({ path: `${shots}/live-later-phone-${lang}.png`, fullPage: true });
      await viewer.close();

      // Disconnecting asks first, then forgets the connection.
      await page.goto(`/admin/setting/zoom_setting?lang=${lang}`);
      await page.getByRole('button', { name: t(lang, 'lives:zoom.disconnect') }).click();
      const dialog = page.getByRole('dialog', { name: t(lang, 'lives:zoom.disconnectTitle') });
      await expect(dialog).toContainText(t(lang, 'lives:zoom.disconnectBody'));
      await dialog.getByRole('button', { name: t(lang, 'lives:zoom.disconnect') }).click();
      await expect(page.getByText(t(lang, 'lives:zoom.state.notConnected'), { exact: true })).toBeVisible();
      await expect(page.getByTestId('zoom-connected-user')).toHaveCount(0);
    });

    test('a member waiting on the page sees the join link appear when the window opens', async ({ page, request }) => {
      test.setTimeout(120_000);
      const team = await registerTeam(request, `live-wait-${lang}`);
      const member = await joinAsMember(request, team, `wait-${lang}`);
      await memberPage(page, lang, team.teamId, member);
      // The window opens 30 seconds from now (the lead time before a start 10 minutes and 30 seconds away).
      const startAt = new Date(Date.now() + LIVE_JOIN_LEAD_MINUTES * MINUTE + 30_000);
      const { id } = await asOperator<{ id: string }>(
        request,
        team,
        createLiveCall.path,
        liveInput(`Soon ${lang}`, { platform: 'other', url: 'https://example.com/live-room', startAt: startAt.toISOString(), endAt: new Date(startAt.getTime() + 60 * MINUTE).toISOString() }),
      );
      await page.goto(`/user/${team.teamId}/live/${id}?lang=${lang}`);
      const schedule = page.getByTestId('live-schedule');
      await expect(schedule).toContainText(t(lang, 'lives:view.joinOpensLead', { minutes: LIVE_JOIN_LEAD_MINUTES }), { timeout: LOAD });
      const join = schedule.getByRole('link', { name: t(lang, 'lives:view.join.other') });
      await expect(join).toHaveCount(0);
      // No reload: the page asks again when the window opens.
      await expect(join).toHaveAttribute('href', 'https://example.com/live-room', { timeout: 50_000 });
      await expect(schedule.getByText(t(lang, 'lives:view.phase.scheduled'), { exact: true })).toBeVisible();
    });

    test('a visitor in the catalog sees only the public lives', async ({ browser, request }) => {
      test.setTimeout(120_000);
      const team = await registerTeam(request, `live-catalog-${lang}`);
      await openCatalog(request, team);
      const now = Date.now();
      const period = (fromMinutes: number) => ({
        startAt: new Date(now + fromMinutes * MINUTE).toISOString(),
        endAt: new Date(now + (fromMinutes + 60) * MINUTE).toISOString(),
      });
      const open = await asOperator<{ id: string }>(
        request,
        team,
        createLiveCall.path,
        liveInput(`Open seminar ${lang}`, { platform: 'zoomWebinar', meetingId: '123 4567 8901', passcode: 'abc123', ...period(-5) }, { isPublic: true }),
      );
      await asOperator(request, team, createLiveCall.path, liveInput(`Open later ${lang}`, { platform: 'vimeo', url: '76979871', ...period(3 * 24 * 60) }, { isPublic: true }));
      const membersOnly = await asOperator<{ id: string }>(
        request,
        team,
        createLiveCall.path,
        liveInput(`Members only ${lang}`, { platform: 'other', url: 'https://example.com/room', ...period(-5) }),
      );

      const visitor = await separatePage(browser);
      await visitor.goto(`/catalog/${team.teamId}/lives?lang=${lang}`);
      await expect(visitor.getByText(`Open seminar ${lang}`)).toBeVisible({ timeout: LOAD });
      await expect(visitor.getByText(`Open later ${lang}`)).toBeVisible();
      await expect(visitor.getByText(`Members only ${lang}`)).toHaveCount(0);

      // The public live on now: the visitor may join it.
      await visitor.goto(`/catalog/${team.teamId}/live/${open.id}?lang=${lang}`);
      const schedule = visitor.getByTestId('live-schedule');
      await expect(schedule.getByRole('link', { name: t(lang, 'lives:view.join.zoomWebinar') })).toHaveAttribute('href', 'https://zoom.us/j/12345678901', { timeout: LOAD });
      await expect(schedule).toContainText('123 4567 8901');
      await visitor.setViewportSize(PHONE);
      await visitor.screenshot({ path: `${shots}/live-catalog-phone-${lang}.png`, fullPage: true });

      // The members-only live does not exist for a visitor.
      await visitor.goto(`/catalog/${team.teamId}/live/${membersOnly.id}?lang=${lang}`);
      await expect(visitor.getByRole('heading', { name: t(lang, 'membercontents:notFound.live') })).toBeVisible({ timeout: LOAD });
      await expect(visitor.getByText(`Members only ${lang}`)).toHaveCount(0);
      await visitor.close();
    });
  });
}
