import { expect, test } from '@playwright/test';
import { languages, t } from './support/i18n';
import { totpCode, typeCode } from './support/totp';
import { logIn } from './support/operator';
import { registerTeam } from './support/team-api';


for (const lang of languages) {
  test(`${lang}: a team requires administrators to use TOTP; the administrator enrols at the next login and then gives codes`, async ({ page, request }) => {
    const team = await registerTeam(request, `admin-totp-${lang}`);
    await page.goto(`/login?lang=${lang}`);
    await logIn(page, lang, team.operator.email, team.operator.password);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await page.getByRole('navigation', { name: t(lang, 'admin:nav.label') }).getByRole('link', { name: t(lang, 'admin:nav.basicInfo') }).click();
    await page.getByRole('checkbox', { name: t(lang, 'security:adminTwoFactorRequired') }).check();
    await page.getByRole('button', { name: t(lang, 'security:save'), exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: t(lang, 'security:saved') })).toBeVisible();

    // The next admin login leads to the members' enrolment page.
    await page.goto(`/login?lang=${lang}`);
    await logIn(page, lang, team.operator.email, team.operator.password);
    await expect(page).toHaveURL(new RegExp(`/two_factor/${team.teamId}\\?for=admin`));
    await page.getByRole('button', { name: t(lang, 'security:twoFactor.start') }).click();
    const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
    await typeCode(page, totpCode(secret));
    await page.getByRole('button', { name: t(lang, 'security:twoFactor.verify') }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);

    // From now on the admin login asks for the code, as the member login does.
    await page.goto(`/login?lang=${lang}`);
    await logIn(page, lang, team.operator.email, team.operator.password);
    await expect(page.getByRole('heading', { name: t(lang, 'auth:totp.title') })).toBeVisible();
    await typeCode(page, totpCode(secret));
    await page.getByRole('button', { name: t(lang, 'auth:totp.submit') }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    // Admin calls pass again: the settings page reads the team's settings, with the rule on.
    await page.getByRole('navigation', { name: t(lang, 'admin:nav.label') }).getByRole('link', { name: t(lang, 'admin:nav.basicInfo') }).click();
    await expect(page.getByRole('checkbox', { name: t(lang, 'security:adminTwoFactorRequired') })).toBeChecked();
  });
}
