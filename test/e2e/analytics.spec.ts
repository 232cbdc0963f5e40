import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ANALYSIS_MAX_DAYS } from '../../shared/constants';
import { languages, t, type Lang } from './support/i18n';
import { DEMO_TEAM_ID } from './support/platform';
import { logInAdmin, newDemoBuyer, separatePage } from './support/shop';
import { logIn } from './support/operator';
import { reactionsSettled } from './support/local-mail';
import { groupCreateCall } from '../../shared/api/calls/groups';
import { memberUpdateCall } from '../../shared/api/calls/members';
import { accessToken, asOperator, joinAsMember, registerTeam } from './support/team-api';

/**
 * Issue 14, both languages, on the demo team: (a) a member's play made in the test shows in the dashboard's 7-day
 * plays for today (read from the table beside the charts, not from pixels); (b) an analytics period switch changes
 * the days shown, and a range longer than the plan allows is refused with SPEC §5's message.
 */
/** local/seed-videos.ts: the members' colour bars (public, free). */
const VIDEO = '01DEMOVIDE0000000000000002';
const today = () => new Date().toISOString().slice(0, 10);

/** A member's call, as the member web sends it. */
async function asMember(request: APIRequestContext, token: string, userId: string, path: string, input: Record<string, unknown>) {
  return request.post(`/api${path}`, { headers: { authorization: `Bearer ${token}` }, data: { ...input, operatedTeamId: DEMO_TEAM_ID, operatedUserId: userId } });
}

/** A new demo member starts the colour bars (once the seed has encoded them), as the player reports a start. */
async function playAsNewMember(request: APIRequestContext, lang: Lang) {
  const buyer = await newDemoBuyer(lang, 'analytics');
  const token = await accessToken(request, buyer.email, buyer.password);
  for (let attempt = 0; ; attempt++) {
    const res = await asMember(request, token, buyer.userId, '/member_video/get', { videoId: VIDEO });
    if (res.status() === 200 && ((await res.json()) as { playback?: unknown }).playback) break;
    if (attempt > 90) throw new Error('The demo video did not become ready');
    await new Promise((r) => setTimeout(r, 2000));
  }
  const start = await asMember(request, token, buyer.userId, '/member_video/progress', { videoId: VIDEO, event: 'start', positionSeconds: 0 });
  expect(start.status(), await start.text()).toBe(200);
}

/** The first number cell (the first metric column) of a day's row in a captioned table. */
const dayCell = (page: Page, caption: string, day: string) =>
  page.getByRole('table', { name: caption }).getByRole('row').filter({ has: page.getByRole('rowheader', { name: day, exact: true }) }).getByRole('cell').first();

for (const lang of languages) {
  test.describe(`analytics (${lang})`, () => {
    test('the dashboard 7-day plays for today count a play made in the test', async ({ page, request }) => {
      // The seed's encoding on a loaded machine.
      test.setTimeout(240_000);
      await logInAdmin(page, lang);
      await page.goto(`/admin/dashboard?lang=${lang}`);
      const perDay = t(lang, 'admin:dashboard.activity.perDay');
      await expect(page.getByRole('table', { name: perDay })).toBeVisible();
      // Columns: day (row header), plays, page views, logins, sign-ups, members.
      await expect(page.getByRole('table', { name: perDay }).getByRole('columnheader').nth(1)).toHaveText(t(lang, 'admin:dashboard.activity.plays'));
      const plays = dayCell(page, perDay, today());
      const before = Number(await plays.textContent());

      await playAsNewMember(request, lang);
      // The rollups are analytics' reaction to the play, a moment after it is recorded.
      await reactionsSettled();

      await page.reload();
      await expect(dayCell(page, perDay, today())).toHaveText(String(before + 1));
      // The start guide knows the demo team has videos.
      await expect(page.getByText(t(lang, 'admin:dashboard.guide.done')).first()).toBeVisible();
    });

    test('an analytics period switch changes the days shown; too long a range is refused with the plan maximum', async ({ page }) => {
      await logInAdmin(page, lang);
      await page.goto(`/admin/analytics/total?lang=${lang}`);
      await expect(page.getByRole('heading', { level: 1, name: t(lang, 'analytics:pages.total.title') })).toBeVisible();
      const perDay = t(lang, 'analytics:pages.total.perDay');
      const rows = page.getByRole('table', { name: perDay }).getByRole('rowheader');
      // Recent days: the last 30, today last; the previous test's play is in today's row.
      await expect(rows).toHaveCount(30);
      await expect(rows.last()).toHaveText(today());
      await expect(dayCell(page, perDay, today())).not.toHaveText('0');

      // Last month: its days from the 1st, without today.
      await page.getByText(t(lang, 'analytics:period.modes.lastMonth'), { exact: true }).click();
      const now = new Date();
      const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 10);
      const daysInLastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0)).getUTCDate();
      await expect(rows.first()).toHaveText(first);
      await expect(rows).toHaveCount(daysInLastMonth);
      await expect(page).toHaveURL(/mode=lastMonth/);

      // A range of one day: today only.
      await page.getByText(t(lang, 'analytics:period.modes.fromTo'), { exact: true }).click();
      await page.getByLabel(t(lang, 'analytics:period.from'), { exact: true }).fill(today());
      await page.getByLabel(t(lang, 'analytics:period.to'), { exact: true }).fill(today());
      await page.getByRole('button', { name: t(lang, 'analytics:period.apply') }).click();
      await expect(rows).toHaveCount(1);
      await expect(page.getByText(t(lang, 'analytics:period.shown', { from: today(), to: today() }))).toBeVisible();

      // The CSV download holds what the table shows: a BOM, the localised header, today's row with the same first metric (page views).
      const downloading = page.waitForEvent('download');
      await page.getByRole('button', { name: t(lang, 'analytics:csv') }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe(`analytics-total-${today()}-${today()}.csv`);
      const csv = (await readFile(await download.path())).toString('utf8');
      expect(csv.startsWith('\uFEFF')).toBe(true);
      const [header, row, ...rest] = csv.slice(1).trimEnd().split('\r\n');
      expect(header.split(',').slice(0, 2)).toEqual([`"${t(lang, 'analytics:day')}"`, `"${t(lang, 'analytics:metrics.views')}"`]);
      expect(rest).toEqual([]);
      const cells = row.split(',').map((c) => c.replace(/"/g, ''));
      expect(cells[0]).toBe(today());
      expect(cells[1]).toBe(await dayCell(page, perDay, today()).textContent());

      // Longer than the demo team's trial plan allows: SPEC §5's message with the maximum, nothing asked.
      await page.getByLabel(t(lang, 'analytics:period.from'), { exact: true }).fill('2020-01-01');
      await page.getByRole('button', { name: t(lang, 'analytics:period.apply') }).click();
      await expect(page.getByText(t(lang, 'errors:validation/analysis_period_too_long', { max: ANALYSIS_MAX_DAYS.trial }))).toBeVisible();
      await expect(rows).toHaveCount(1);
    });

    test('a group manager with the analyst permission sees only their groups members in the member area', async ({ page, request, browser }) => {
      test.setTimeout(150_000);
      const team = await registerTeam(request, `group-analyst-${lang}`);
      const { group } = await asOperator<{ group: { groupId: string } }>(request, team, groupCreateCall.path, { name: 'Cohort A' });
      const manager = await joinAsMember(request, team, `ga-manager-${lang}`, [group.groupId]);
      const peer = await joinAsMember(request, team, `ga-peer-${lang}`, [group.groupId]);
      const outsider = await joinAsMember(request, team, `ga-outsider-${lang}`);
      await asOperator(request, team, memberUpdateCall.path, { userId: manager.userId, name: manager.name, disabled: false, groupIds: [group.groupId], managerOf: { [group.groupId]: ['analyst'] } });

      // The peer and the outsider each log in once (a login is counted); neither manages a group, so no analytics entry.
      for (const person of [peer, outsider]) {
        const other = await separatePage(browser);
        await other.goto(`/login/${team.teamId}?lang=${lang}`);
        await logIn(other, lang, person.email, person.password);
        await expect(other).toHaveURL(new RegExp(`/user/${team.teamId}$`));
        await expect(other.getByRole('navigation', { name: t(lang, 'member:nav.label') }).getByRole('link', { name: t(lang, 'member:nav.home') })).toBeVisible();
        await expect(other.getByRole('link', { name: t(lang, 'member:nav.groupAnalytics') })).toHaveCount(0);
        await other.close();
      }

      await reactionsSettled();
      await page.goto(`/login/${team.teamId}?lang=${lang}`);
      await logIn(page, lang, manager.email, manager.password);
      await expect(page).toHaveURL(new RegExp(`/user/${team.teamId}$`));
      const entry = page.getByRole('navigation', { name: t(lang, 'member:nav.label') }).getByRole('link', { name: t(lang, 'member:nav.groupAnalytics') });
      await entry.click();
      await expect(page).toHaveURL(new RegExp(`/user/${team.teamId}/group_analytics$`));
      await expect(entry).toHaveAttribute('aria-current', 'page');
      await entry.screenshot({ path: `.local/e2e-analytics/group-analytics-entry-${lang}.png` });
      await expect(page.getByRole('heading', { level: 1, name: t(lang, 'analytics:pages.groupAnalytics.title') })).toBeVisible();
      const members = page.getByRole('table', { name: t(lang, 'analytics:pages.users.caption') });
      await expect(members.getByRole('rowheader', { name: peer.name })).toBeVisible();
      await expect(members.getByRole('rowheader', { name: manager.name })).toBeVisible();
      await expect(members.getByRole('rowheader', { name: outsider.name })).toHaveCount(0);
      // The peer's one login, in the first metric column (logins).
      await expect(members.getByRole('row').filter({ has: page.getByRole('rowheader', { name: peer.name }) }).getByRole('cell').first()).toHaveText('1');
      await page.screenshot({ path: `.local/e2e-analytics/group-analytics-${lang}.png`, fullPage: true });
    });
  });
}
