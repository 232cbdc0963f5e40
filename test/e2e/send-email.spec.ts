import { expect, test } from '@playwright/test';
import { groupCreateCall, type GroupRow } from '../../shared/api/calls/groups';
import { languages, t } from './support/i18n';
import { advanceScheduler, inbox } from './support/local-mail';
import { logIn } from './support/operator';
import { asOperator, joinAsMember, registerTeam } from './support/team-api';

/**
 * SPEC §2 /admin/send_email, both languages: an operator schedules a mail to a group for the next hour, the test
 * moves the local scheduler's clock past it, and the mail is in each member's inbox, sent, and logged as delivered.
 */
const shots = '.local/e2e-send-email/screenshots';
const HOUR = 3600_000;

for (const lang of languages) {
  test.describe(`send mail (${lang})`, () => {
    test('a mail scheduled for the next hour goes out when the clock reaches it, and its log shows each delivery', async ({ page, request }) => {
      test.setTimeout(180_000);
      const team = await registerTeam(request, `mail-${lang}`);
      const groupName = `Mail group ${lang}`;
      const { group } = await asOperator<{ group: GroupRow }>(request, team, groupCreateCall.path, { name: groupName });
      const members = await Promise.all([
        joinAsMember(request, team, `mail-a-${lang}`, [group.groupId]),
        joinAsMember(request, team, `mail-b-${lang}`, [group.groupId]),
      ]);
      const subject = `Your November schedule (${lang})`;

      // The hour after the scheduler's "now" (other specs may have moved its clock already).
      const ahead = (await advanceScheduler(request, 0)) * 1000;
      const sendAt = Math.ceil((Date.now() + ahead + HOUR) / HOUR) * HOUR;

      await page.goto(`/login?lang=${lang}`);
      await logIn(page, lang, team.operator.email, team.operator.password);
      await expect(page).toHaveURL(/\/admin/);
      await page.getByRole('link', { name: t(lang, 'admin:nav.sendEmail'), exact: true }).click();
      await expect(page.getByRole('heading', { name: t(lang, 'sendemail:list.title') })).toBeVisible();
      await expect(page.getByText(t(lang, 'sendemail:list.empty'))).toBeVisible();
      await page.getByRole('link', { name: t(lang, 'sendemail:list.create') }).click();
      await expect(page.getByRole('heading', { name: t(lang, 'sendemail:edit.createTitle') })).toBeVisible();

      // Nothing filled in: the form names what is missing (SPEC §5).
      await page.getByRole('button', { name: t(lang, 'sendemail:actions.sendNow'), exact: true }).click();
      await expect(page.getByText(t(lang, 'errors:validation/recipient_required'))).toBeVisible();

      await page.getByRole('textbox', { name: t(lang, 'sendemail:fields.title') }).fill(`November ${lang}`);
      await page.getByRole('textbox', { name: t(lang, 'sendemail:fields.subject') }).fill(subject);
      await page.getByRole('textbox', { name: t(lang, 'sendemail:fields.body') }).fill('The new lessons start on Monday.');
      await page.getByRole('combobox', { name: t(lang, 'sendemail:fields.groups') }).click();
      await page.getByRole('option', { name: groupName }).click();
      await page.keyboard.press('Escape');
      await expect(page.getByText(t(lang, 'errors:validation/recipient_required'))).toHaveCount(0);
      await page.getByText(t(lang, 'sendemail:fields.timingScheduled'), { exact: true }).click();
      // The date and hour of `sendAt` in the browser's zone, as the operator would pick them.
      const { date, hour } = await page.evaluate((at) => {
        const d = new Date(at);
        const pad = (n: number) => String(n).padStart(2, '0');
        return { date: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`, hour: `${pad(d.getHours())}:00` };
      }, sendAt);
      await page.getByLabel(t(lang, 'sendemail:fields.sendDate')).fill(date);
      await page.getByRole('combobox', { name: t(lang, 'sendemail:fields.sendHour') }).click();
      await page.getByRole('option', { name: hour, exact: true }).click();
      await page.screenshot({ path: `${shots}/compose-${lang}.png`, fullPage: true });
      await page.getByRole('button', { name: t(lang, 'sendemail:actions.schedule'), exact: true }).click();

      await expect(page).toHaveURL(/\/admin\/send_email$/);
      const row = page.getByRole('row', { name: new RegExp(`November ${lang}`) });
      await expect(row.getByText(t(lang, 'sendemail:status.scheduled'), { exact: true })).toBeVisible();
      expect(await inbox(members[0].email)).toHaveLength(0);

      // The hour comes: the scheduler sends it, the list follows the progress to the end.
      await advanceScheduler(request, Math.ceil((sendAt - (Date.now() + ahead)) / 1000) + 2);
      // The operator comes back to the list later (the list itself polls only while a mail is going out).
      await page.reload();
      await expect(row.getByText(t(lang, 'sendemail:status.sent'), { exact: true })).toBeVisible({ timeout: 20_000 });
      await expect(row.getByText(t(lang, 'sendemail:list.progress', { done: 2, total: 2 }))).toBeVisible();
      for (const m of members) {
        await expect.poll(async () => (await inbox(m.email)).filter((x) => x.subject === subject).length).toBe(1);
      }
      await page.screenshot({ path: `${shots}/list-sent-${lang}.png`, fullPage: true });

      // The delivery log: each member, delivered. A sent mail is read-only.
      await row.getByRole('link', { name: t(lang, 'sendemail:list.log') }).click();
      await expect(page.getByRole('heading', { name: t(lang, 'sendemail:log.title') })).toBeVisible();
      for (const m of members) {
        await expect(page.getByRole('row', { name: new RegExp(m.email) }).getByText(t(lang, 'sendemail:delivery.delivered'))).toBeVisible({ timeout: 20_000 });
      }
      await page.setViewportSize({ width: 390, height: 844 });
      await page.reload();
      await expect(page.getByRole('row', { name: new RegExp(members[0].email) })).toBeVisible();
      await page.screenshot({ path: `${shots}/log-phone-${lang}.png`, fullPage: true });
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.reload();
      await page.getByRole('link', { name: t(lang, 'sendemail:edit.back') }).click();
      await page.getByRole('link', { name: `November ${lang}` }).click();
      await expect(page.getByText(t(lang, 'sendemail:edit.sentNotice'))).toBeVisible();
      await expect(page.getByRole('button', { name: t(lang, 'sendemail:actions.schedule') })).toHaveCount(0);

      // The team's mail log lists the messages too.
      await page.getByRole('link', { name: t(lang, 'admin:nav.emailLog'), exact: true }).click();
      await expect(page.getByRole('heading', { name: t(lang, 'sendemail:teamLog.title') })).toBeVisible();
      await expect(page.getByRole('row', { name: new RegExp(members[0].email) }).getByText(subject)).toBeVisible();
    });
  });
}
