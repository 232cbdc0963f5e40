import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { containing, languages, t } from './support/i18n';
import { logIn } from './support/operator';
import { logInAdmin, separatePage } from './support/shop';
import { joinAsMember, registerTeam } from './support/team-api';

/**
 * SPEC §3 Survey, §4 survey user, both languages: the operator builds a survey and sets it as the survey after
 * registration; a new member logging in is sent to /enquete/:teamId, a required answer missing is said in place,
 * they answer and reach the home; the operator reads the answer on :enqueteId/answer.
 */
const shots = '.local/e2e-enquete/screenshots';

for (const lang of languages) {
  test.describe(`surveys (${lang})`, () => {
    test('the member answers the registration survey', async ({ page, request, browser }) => {
      test.setTimeout(180_000);
      const team = await registerTeam(request, `enquete-${lang}`);
      const title = `Welcome survey ${lang}`;

      // The operator builds the survey: a required single line and a required radio question.
      const admin = await separatePage(browser);
      await logInAdmin(admin, lang, { email: team.operator.email, password: team.operator.password });
      await admin.getByRole('link', { name: t(lang, 'admin:nav.enquete'), exact: true }).click();
      await expect(admin).toHaveURL(/\/admin\/enquete$/);
      await expect(admin.getByText(t(lang, 'enquete:list.empty'))).toBeVisible();
      await admin.getByRole('link', { name: t(lang, 'enquete:list.create') }).click();
      await expect(admin).toHaveURL(/\/admin\/enquete\/create$/);
      await admin.getByRole('textbox', { name: t(lang, 'enquete:fields.title') }).fill(title);
      const first = admin.getByTestId('question-0');
      await first.getByRole('textbox', { name: t(lang, 'enquete:fields.questionTitle') }).fill('Your job');
      await first.getByRole('textbox', { name: t(lang, 'enquete:fields.fieldName') }).fill('job');
      await first.getByRole('checkbox', { name: t(lang, 'enquete:fields.required') }).check();
      await admin.getByRole('button', { name: t(lang, 'enquete:builder.add') }).click();
      const second = admin.getByTestId('question-1');
      await second.getByRole('textbox', { name: t(lang, 'enquete:fields.questionTitle') }).fill('How did you find us?');
      await second.getByRole('textbox', { name: t(lang, 'enquete:fields.fieldName') }).fill('found');
      await second.getByRole('combobox', { name: t(lang, 'enquete:fields.type') }).click();
      await admin.getByRole('option', { name: t(lang, 'enquete:types.radio') }).click();
      // SPEC §5: a choice question needs two options; the builder says so before saving.
      await second.getByRole('textbox', { name: t(lang, 'enquete:fields.options') }).fill('Search');
      await admin.getByRole('button', { name: t(lang, 'enquete:actions.create'), exact: true }).click();
      await expect(second.getByText(t(lang, 'errors:validation/options_too_few'))).toBeVisible();
      await second.getByRole('textbox', { name: t(lang, 'enquete:fields.options') }).fill('Search\nA friend');
      await second.getByRole('checkbox', { name: t(lang, 'enquete:fields.required') }).check();
      await admin.screenshot({ path: `${shots}/builder-${lang}.png`, fullPage: true });
      await admin.getByRole('button', { name: t(lang, 'enquete:actions.create'), exact: true }).click();
      await expect(admin).toHaveURL(/\/admin\/enquete$/);
      await expect(admin.getByRole('row', { name: containing(title) })).toBeVisible();

      // It becomes the survey after registration in the site settings.
      await admin.goto(`/admin/general_setting/basic_info?lang=${lang}`);
      // Searched by part of its title in the survey picker, then shown by its title.
      await admin.getByRole('textbox', { name: t(lang, 'security:registrationEnquete') }).fill(title.slice(0, 7));
      await admin.getByRole('option', { name: title }).click();
      await expect(admin.getByRole('button', { name: t(lang, 'common:itemPicker.remove', { title }), exact: true })).toBeVisible();
      await admin.getByRole('button', { name: t(lang, 'security:save'), exact: true }).click();
      await expect(admin.getByText(t(lang, 'security:saved'))).toBeVisible();

      // A new member logging in is sent to the survey before the home.
      const member = await joinAsMember(request, team, `enquete-${lang}`);
      await page.goto(`/login/${team.teamId}?lang=${lang}`);
      await logIn(page, lang, member.email, member.password);
      await expect(page).toHaveURL(new RegExp(`/enquete/${team.teamId}(\\?|$)`));
      await expect(page.getByRole('heading', { name: title })).toBeVisible();
      await page.getByRole('textbox', { name: 'Your job' }).fill('Teacher');
      await page.getByRole('button', { name: t(lang, 'enquete:member.submit') }).click();
      await expect(page.getByText(t(lang, 'errors:validation/answer_required'))).toBeVisible();
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: `${shots}/member-required-phone-${lang}.png`, fullPage: true });
      await page.getByRole('radio', { name: 'A friend' }).check();
      await page.getByRole('button', { name: t(lang, 'enquete:member.submit') }).click();
      await expect(page).toHaveURL(new RegExp(`/user/${team.teamId}(\\?|$)`));

      // The operator reads the answer.
      await admin.goto(`/admin/enquete?lang=${lang}`);
      await admin.getByRole('row', { name: containing(title) }).getByRole('link', { name: t(lang, 'enquete:list.answers') }).click();
      await expect(admin).toHaveURL(/\/admin\/enquete\/[0-9A-Z]+\/answer$/);
      const row = admin.getByRole('row', { name: containing(member.name) });
      await expect(row.getByText('Teacher')).toBeVisible();
      await expect(row.getByText('A friend')).toBeVisible();
      await admin.screenshot({ path: `${shots}/answers-${lang}.png`, fullPage: true });

      // The CSV: UTF-8 with a BOM, one column per field name.
      const downloading = admin.waitForEvent('download');
      await admin.getByRole('button', { name: t(lang, 'enquete:answers.csv') }).click();
      const csv = readFileSync((await (await downloading).path())!, 'utf8');
      expect(csv.startsWith('\uFEFF')).toBe(true);
      const [header, line] = csv.slice(1).split('\r\n');
      expect(header).toBe(`"${t(lang, 'enquete:answers.member')}","${t(lang, 'enquete:answers.answeredAt')}","job","found"`);
      expect(line).toContain(`"${member.name}"`);
      expect(line).toMatch(/"Teacher","A friend"$/);
      await admin.close();
    });
  });
}
