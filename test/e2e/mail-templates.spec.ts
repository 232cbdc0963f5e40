import { expect, test } from '@playwright/test';
import { createInviteCall } from '../../shared/api/calls/invites';
import { mailTemplateUpdateCall } from '../../shared/api/calls/mail-templates';
import { languages, t } from './support/i18n';
import { inbox } from './support/local-mail';
import { adminNav, logIn } from './support/operator';
import { asOperator, joinAsMember, registerTeam } from './support/team-api';

/**
 * SPEC §2 /admin/mail_template and /admin/custom_mail_template, issue 13, both languages: an operator edits the
 * welcome mail of the site's language (a variable the site does not have is refused under the body; one from the
 * inserter is taken), switches it on, and a member who joins finds that mail, filled for them, in the local inbox.
 */
const shots = '.local/e2e-mail-templates/screenshots';

for (const lang of languages) {
  test.describe(`mail templates (${lang})`, () => {
    test('the edited welcome mail reaches a member who joins', async ({ page, request }) => {
      test.setTimeout(180_000);
      // The fixture's site is English: its members read the English templates, whatever the operator's screen.
      const team = await registerTeam(request, `mailtpl-${lang}`);
      const subject = `Hello from the ${lang} test, {{userName}}`;

      await page.goto(`/login?lang=${lang}`);
      await logIn(page, lang, team.operator.email, team.operator.password);
      await expect(page).toHaveURL(/\/admin/);
      await adminNav(page, lang, 'mailTemplates').click();
      await expect(page.getByRole('heading', { level: 1, name: t(lang, 'mailtemplates:list.title') })).toBeVisible();
      const welcomeRow = page.getByRole('row').filter({ hasText: t(lang, 'mailtemplates:events.welcome') });
      await expect(welcomeRow).toContainText(t(lang, 'mailtemplates:status.off'));
      await page.screenshot({ path: `${shots}/list-${lang}.png`, fullPage: true });

      await welcomeRow.getByRole('link', { name: t(lang, 'mailtemplates:events.welcome') }).click();
      await expect(page.getByRole('heading', { level: 1, name: t(lang, 'mailtemplates:edit.title', { name: t(lang, 'mailtemplates:events.welcome') }) })).toBeVisible();
      await page.getByRole('tab', { name: t(lang, 'mailtemplates:languages.en') }).click();
      const panel = page.getByRole('tabpanel');
      const subjectBox = panel.getByRole('textbox', { name: t(lang, 'mailtemplates:fields.subject') });
      const bodyBox = panel.getByRole('textbox', { name: t(lang, 'mailtemplates:fields.body') });
      await expect(subjectBox).toHaveValue('[{{teamName}}] Welcome');
      await panel.getByRole('switch', { name: t(lang, 'mailtemplates:fields.enabled') }).check();
      await subjectBox.fill(subject);

      // A variable the site does not have is refused when saving, under the body.
      await bodyBox.fill('Your {{nickname}} is ready. ');
      const refused = page.waitForResponse((r) => r.url().endsWith(`/api${mailTemplateUpdateCall.path}`));
      await panel.getByRole('button', { name: t(lang, 'mailtemplates:actions.save'), exact: true }).click();
      expect((await refused).status()).toBe(400);
      await expect(panel.getByText(t(lang, 'errors:validation/unknown_mail_variable'))).toBeVisible();
      await page.screenshot({ path: `${shots}/edit-refused-${lang}.png`, fullPage: true });

      // The inserter puts a listed variable at the caret.
      await bodyBox.fill('Your login page: ');
      await bodyBox.press('End');
      await panel.getByRole('button', { name: t(lang, 'mailtemplates:variables.insert') }).click();
      await expect(page.getByRole('menuitem', { name: new RegExp(t(lang, 'mailtemplates:variables.loginUrl')) })).toBeVisible();
      await page.screenshot({ path: `${shots}/inserter-${lang}.png` });
      await page.getByRole('menuitem', { name: new RegExp(t(lang, 'mailtemplates:variables.loginUrl')) }).click();
      await expect(bodyBox).toHaveValue('Your login page: {{loginUrl}}');
      await expect(panel.getByText(t(lang, 'mailtemplates:fields.bodyCount', { count: 29, max: 2000 }))).toBeVisible();
      await panel.getByRole('button', { name: t(lang, 'mailtemplates:actions.save'), exact: true }).click();
      await expect(page.getByRole('alert').filter({ hasText: t(lang, 'mailtemplates:edit.saved', { name: t(lang, 'mailtemplates:events.welcome'), language: t(lang, 'mailtemplates:languages.en') }) })).toBeVisible();
      await expect(panel.getByText(t(lang, 'mailtemplates:status.edited'))).toBeVisible();
      await page.screenshot({ path: `${shots}/edit-saved-${lang}.png`, fullPage: true });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: `${shots}/edit-phone-${lang}.png`, fullPage: true });
      await page.setViewportSize({ width: 1280, height: 720 });

      // A member joins: the mail with the operator's subject, filled for them, is in the inbox.
      const member = await joinAsMember(request, team, `mailtpl-${lang}`);
      await expect
        .poll(async () => (await inbox(member.email)).map((m) => m.subject), { timeout: 15_000 })
        .toEqual([`Hello from the ${lang} test, ${member.name}`]);
      const [mail] = await inbox(member.email);
      expect(mail!.body.text).toMatch(new RegExp(`^Your login page: http\\S+/login/${team.teamId}$`));

      // The list shows the English welcome mail on and edited.
      await adminNav(page, lang, 'mailTemplates').click();
      await expect(welcomeRow).toContainText(t(lang, 'mailtemplates:status.on'));
      await expect(welcomeRow).toContainText(t(lang, 'mailtemplates:status.edited'));

      // The custom auto mail form offers the site's invitations once the event type is chosen.
      await asOperator(request, team, createInviteCall.path, { title: `Autumn cohort ${lang}`, maxRegistrations: null });
      await adminNav(page, lang, 'customMailTemplates').click();
      await expect(page.getByText(t(lang, 'mailtemplates:customList.empty'))).toBeVisible();
      await page.getByRole('link', { name: t(lang, 'mailtemplates:customList.create') }).click();
      await page.getByRole('textbox', { name: t(lang, 'mailtemplates:fields.title') }).fill(`Autumn welcome ${lang}`);
      await page.getByRole('combobox', { name: t(lang, 'mailtemplates:fields.eventType') }).click();
      await page.getByRole('option', { name: t(lang, 'mailtemplates:events.welcome') }).click();
      await page.getByRole('combobox', { name: t(lang, 'mailtemplates:fields.objects') }).click();
      await page.getByRole('option', { name: `Autumn cohort ${lang}` }).click();
      await page.keyboard.press('Escape');
      await page.getByRole('textbox', { name: t(lang, 'mailtemplates:fields.subject') }).fill('Autumn {{userName}}');
      await page.getByRole('textbox', { name: t(lang, 'mailtemplates:fields.body') }).fill('See you in autumn.');
      await page.screenshot({ path: `${shots}/custom-create-${lang}.png`, fullPage: true });
      await page.getByRole('button', { name: t(lang, 'mailtemplates:actions.create'), exact: true }).click();
      await expect(page).toHaveURL(/\/admin\/custom_mail_template$/);
      await expect(page.getByRole('row').filter({ hasText: `Autumn welcome ${lang}` })).toContainText(t(lang, 'mailtemplates:status.on'));
      await page.screenshot({ path: `${shots}/custom-list-${lang}.png`, fullPage: true });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: `${shots}/custom-list-phone-${lang}.png`, fullPage: true });
    });
  });
}
