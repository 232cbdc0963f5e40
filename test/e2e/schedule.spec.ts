import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { createEventCall } from '../../shared/api/calls/events';
import { createLiveCall } from '../../shared/api/calls/lives';
import { languages, t, type Lang } from './support/i18n';
import { logIn } from './support/operator';
import { asOperator, joinAsMember, registerTeam, type MemberFixture } from './support/team-api';

/**
 * SPEC §2 /user/:teamId/schedule in both languages: an operator makes a live this month and an event open for
 * applications (through the API); the member opens the schedule from the menu, sees both on their days, follows the
 * live's link, and moves to the next month and back; on a phone the month is a list of days.
 */
const shots = '.local/e2e-schedule/screenshots';
mkdirSync(shots, { recursive: true });
const PHONE = { width: 390, height: 844 };
const MINUTE = 60_000;
const LOAD = 30_000;

const pad = (n: number) => String(n).padStart(2, '0');
/** The page's day key: the local date (this machine's zone is the browser's too). */
const dayKey = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const monthKey = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}`;
const monthTitle = (lang: Lang, d: Date) => new Intl.DateTimeFormat(lang === 'en' ? 'en-US' : 'ja-JP', { year: 'numeric', month: 'long' }).format(d);

async function memberPage(page: Page, lang: Lang, teamId: string, member: MemberFixture) {
  await page.goto(`/login/${teamId}?lang=${lang}`);
  await logIn(page, lang, member.email, member.password);
  await expect(page).toHaveURL(new RegExp(`/user/${teamId}$`));
}

for (const lang of languages) {
  test.describe(`schedule (${lang})`, () => {
    test('a member sees this month\'s live and an open event on their days, opens the live, and moves between months', async ({ page, request }) => {
      test.setTimeout(180_000);
      const team = await registerTeam(request, `schedule-${lang}`);
      const now = new Date();
      // The live: today at noon local time, so it is on this month's grid whatever the hour.
      const liveStart = new Date(now.getFullYear(), now.getMonth(), now.getDate(), 12, 0);
      const liveTitle = `Monthly live ${lang}`;
      const { id: liveId } = await asOperator<{ id: string }>(request, team, createLiveCall.path, {
        title: liveTitle,
        status: 'public',
        fields: { platform: 'other', url: 'https://example.com/stream', startAt: liveStart.toISOString(), endAt: new Date(liveStart.getTime() + 60 * MINUTE).toISOString() },
      });
      // The event: applications open now, held in an hour.
      const holdStart = new Date(now.getTime() + 60 * MINUTE);
      const eventTitle = `Open seminar ${lang}`;
      const { id: eventId } = await asOperator<{ id: string }>(request, team, createEventCall.path, {
        title: eventTitle,
        status: 'public',
        fields: {
          format: 'application',
          applicationStart: new Date(now.getTime() - 60 * MINUTE).toISOString(),
          applicationEnd: new Date(now.getTime() + 30 * MINUTE).toISOString(),
          holdStart: holdStart.toISOString(),
          holdEnd: new Date(now.getTime() + 120 * MINUTE).toISOString(),
          contents: [{ type: 'live', id: liveId }],
        },
      });

      const member = await joinAsMember(request, team, `schedule-${lang}`);
      await memberPage(page, lang, team.teamId, member);
      await page.getByRole('link', { name: t(lang, 'member:nav.schedule') }).click();
      await expect(page).toHaveURL(new RegExp(`/user/${team.teamId}/schedule$`));
      await expect(page.getByRole('heading', { name: t(lang, 'schedule:title'), level: 1 })).toBeVisible({ timeout: LOAD });
      await expect(page.getByTestId('schedule-month')).toHaveText(monthTitle(lang, now));

      // Both on their days, today marked.
      const grid = page.getByTestId('schedule-grid');
      const today = grid.getByTestId(`schedule-day-${dayKey(now)}`);
      await expect(today).toHaveAttribute('aria-current', 'date');
      await expect(today.getByText(t(lang, 'schedule:today'))).toBeVisible();
      const liveLink = grid.getByTestId(`schedule-day-${dayKey(liveStart)}`).getByTestId(`schedule-entry-live-${liveId}`);
      await expect(liveLink).toContainText(liveTitle, { timeout: LOAD });
      await expect(liveLink).toContainText('12:00');
      const eventLink = grid.getByTestId(`schedule-day-${dayKey(holdStart)}`).getByTestId(`schedule-entry-event-${eventId}`);
      await expect(eventLink).toContainText(eventTitle);
      await expect(eventLink).toHaveAttribute('title', new RegExp(t(lang, 'schedule:states.unapplied')));
      await page.screenshot({ path: `${shots}/month-${lang}.png`, fullPage: true });

      // The live's link leads to its page.
      await liveLink.click();
      await expect(page).toHaveURL(new RegExp(`/user/${team.teamId}/live/${liveId}$`));
      await expect(page.getByRole('heading', { name: liveTitle, level: 1 })).toBeVisible({ timeout: LOAD });
      await page.goBack();
      await expect(page.getByTestId('schedule-month')).toHaveText(monthTitle(lang, now), { timeout: LOAD });

      // Next month and back.
      const next = new Date(now.getFullYear(), now.getMonth() + 1, 1);
      await page.getByRole('button', { name: t(lang, 'schedule:next') }).click();
      await expect(page).toHaveURL(new RegExp(`/schedule\\?month=${monthKey(next)}$`));
      await expect(page.getByTestId('schedule-month')).toHaveText(monthTitle(lang, next));
      await expect(page.getByTestId(`schedule-day-${dayKey(next)}`)).toBeVisible();
      await page.getByRole('button', { name: t(lang, 'schedule:previous') }).click();
      await expect(page).toHaveURL(new RegExp(`/schedule\\?month=${monthKey(now)}$`));
      await expect(page.getByTestId('schedule-month')).toHaveText(monthTitle(lang, now));
      await expect(grid.getByTestId(`schedule-entry-live-${liveId}`).first()).toBeVisible({ timeout: LOAD });

      // A phone: the month's days with entries, as a list.
      await page.setViewportSize(PHONE);
      const list = page.getByTestId('schedule-list');
      await expect(grid).toBeHidden();
      await expect(list.getByTestId(`schedule-listday-${dayKey(liveStart)}`).getByTestId(`schedule-entry-live-${liveId}`)).toBeVisible();
      await page.screenshot({ path: `${shots}/phone-${lang}.png`, fullPage: true });
    });
  });
}
