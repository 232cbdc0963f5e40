import { expect, test, type Request } from '@playwright/test';
import { getAdminContextCall, registerOperatorCall } from '../../shared/api/calls/teams';
import { TRIAL_DAYS } from '../../shared/constants';
import { PASSWORD_MIN_LENGTH } from '../../shared/rules/account';
import { containing, languages, matching, t } from './support/i18n';
import { expectFailureShown, field, fillRegisterForm, logIn, newOperator } from './support/operator';

const demo = {
  admin: { email: 'admin@demo.example', password: 'demo-password' },
  member: { email: 'member@demo.example', password: 'demo-password' },
};

for (const lang of languages) {
  test.describe(`Foundation (${lang})`, () => {
    test('a new operator registers, reaches the dashboard, logs out and logs in again', async ({ page }) => {
      const operator = newOperator(lang);
      await page.goto(`/register?lang=${lang}`);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.getByRole('heading', { name: t(lang, 'auth:register.title') })).toBeVisible();

      await fillRegisterForm(page, lang, operator);
      await page.getByRole('button', { name: t(lang, 'auth:register.submit'), exact: true }).click();

      await expect(page).toHaveURL(/\/admin\/dashboard$/);
      await expect(page.getByRole('alert').filter({ hasText: t(lang, 'auth:register.success') })).toBeVisible();
      await expect(page.getByRole('banner').getByRole('heading', { name: operator.siteName })).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toContainText(operator.name);
      await expect(page.getByRole('main')).toContainText(operator.siteName);
      // A team registered a moment ago has the whole trial left (or one day less across a day boundary).
      const trialLeft = [TRIAL_DAYS, TRIAL_DAYS - 1].map((count) => t(lang, 'admin:dashboard.trial.daysLeft', { count }));
      await expect(page.getByText(new RegExp(trialLeft.map((s) => containing(s).source).join('|')))).toBeVisible();
      await expect(page.getByText(t(lang, 'admin:plans.trial'), { exact: true })).toBeVisible();
      await expect(
        page.getByRole('navigation', { name: t(lang, 'admin:nav.label') }).getByRole('link', { name: t(lang, 'admin:nav.dashboard') }),
      ).toBeVisible();

      await page.getByRole('button', { name: t(lang, 'admin:header.logout') }).click();
      await expect(page).toHaveURL(/\/login$/);
      await page.goto('/admin/dashboard');
      await expect(page, 'the admin area is closed after logout').toHaveURL(/\/login$/);

      await logIn(page, lang, operator.email, operator.password);
      await expect(page).toHaveURL(/\/admin\/dashboard$/);
      await expect(page.getByRole('banner').getByRole('heading', { name: operator.siteName })).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toContainText(operator.name);
    });

    test('registering an e-mail address that is already registered is refused', async ({ page, request }) => {
      const operator = newOperator(`dup-${lang}`);
      const first = await request.post(`/api${registerOperatorCall.path}`, {
        data: { ...operator, passwordConfirmation: operator.password, agreeToTerms: true, language: lang },
      });
      expect(first.status()).toBe(200);

      await page.goto(`/register?lang=${lang}`);
      await fillRegisterForm(page, lang, { ...operator, siteName: `${operator.siteName} again` });
      await page.getByRole('button', { name: t(lang, 'auth:register.submit'), exact: true }).click();

      const message = t(lang, 'errors:auth/email_already_registered');
      await expect(field(page, lang, 'email')).toHaveAccessibleDescription(containing(message));
      await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible();
      await expect(page).toHaveURL(/\/register/);
      // Nothing typed is lost.
      await expect(field(page, lang, 'siteName')).toHaveValue(`${operator.siteName} again`);
    });

    test('a too-short password is shown under its field and nothing is sent', async ({ page }) => {
      const sent: Request[] = [];
      page.on('request', (r) => {
        if (r.url().includes(`/api${registerOperatorCall.path}`)) sent.push(r);
      });
      await page.goto(`/register?lang=${lang}`);
      await fillRegisterForm(page, lang, newOperator(`short-${lang}`), 'abc');
      await page.getByRole('button', { name: t(lang, 'auth:register.submit'), exact: true }).click();

      const password = field(page, lang, 'password');
      await expect(password).toHaveAccessibleDescription(
        containing(t(lang, 'errors:validation/password_too_short', { min: PASSWORD_MIN_LENGTH })),
      );
      await expect(password).toHaveAttribute('aria-invalid', 'true');
      await expect(password).toBeFocused();
      await expect(page).toHaveURL(/\/register/);
      expect(sent).toHaveLength(0);
    });

    test('a wrong password at the admin login shows its message', async ({ page }) => {
      await page.goto(`/login?lang=${lang}`);
      await logIn(page, lang, demo.admin.email, 'not-the-password');
      await expectFailureShown(page, t(lang, 'errors:auth/wrong_password'));
      await expect(page).toHaveURL(/\/login/);
    });

    test('an unknown e-mail at the admin login shows its message', async ({ page }) => {
      await page.goto(`/login?lang=${lang}`);
      await logIn(page, lang, newOperator(`nobody-${lang}`).email, 'whatever-1');
      await expectFailureShown(page, t(lang, 'errors:auth/user_not_found'));
    });

    test('a member account is refused at the admin login', async ({ page }) => {
      await page.goto(`/login?lang=${lang}`);
      await logIn(page, lang, demo.member.email, demo.member.password);
      await expect(page).toHaveURL(/\/login$/);
      await expectFailureShown(page, t(lang, 'errors:auth/no_admin_account'));
      await expect(page.getByRole('main').getByRole('alert')).toContainText(t(lang, 'auth:login.memberHint'));
      await page.goto('/admin/dashboard');
      await expect(page, 'the refused account was signed out').toHaveURL(/\/login$/);
    });

    test('the dashboard shows a failed load with a retry, never a blank page', async ({ page }) => {
      let failing = true;
      await page.route(`**/api${getAdminContextCall.path}`, (route) =>
        failing ? route.fulfill({ status: 500, json: { error: { code: 'common/unknown' } } }) : route.continue(),
      );
      await page.goto(`/login?lang=${lang}`);
      await logIn(page, lang, demo.admin.email, demo.admin.password);
      await expect(page).toHaveURL(/\/admin\/dashboard$/);
      const failure = page.getByRole('main').getByRole('alert');
      await expect(failure).toContainText(t(lang, 'admin:dashboard.loadError'));
      await expect(failure).toContainText(t(lang, 'errors:common/unknown'));

      failing = false;
      await failure.getByRole('button', { name: t(lang, 'common:actions.retry') }).click();
      await expect(page.getByRole('heading', { level: 1 })).toContainText('Demo');
      await expect(page.getByText(matching(lang, 'admin:dashboard.trial.daysLeft'))).toBeVisible();
      await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0);
    });

    test('the language switch translates the admin area in place and is remembered', async ({ page }) => {
      const other = lang === 'en' ? 'ja' : 'en';
      await page.goto(`/login?lang=${lang}`);
      await logIn(page, lang, demo.admin.email, demo.admin.password);
      await expect(page.getByRole('button', { name: t(lang, 'admin:header.logout') })).toBeVisible();

      await page.getByRole('radiogroup', { name: t(lang, 'common:language.label') }).getByText(t(other, `common:language.${other}`)).click();
      await expect(page.locator('html')).toHaveAttribute('lang', other);
      await expect(page.getByRole('button', { name: t(other, 'admin:header.logout') })).toBeVisible();
      await expect(page.getByRole('link', { name: t(other, 'admin:nav.dashboard') })).toBeVisible();

      await page.goto('/admin');
      await expect(page).toHaveURL(/\/admin\/dashboard$/);
      await expect(page.getByRole('button', { name: t(other, 'admin:header.logout') })).toBeVisible();
    });

    test('an unknown address shows the not-found page', async ({ page }) => {
      await page.goto(`/no/such/page?lang=${lang}`);
      await expect(page.getByRole('heading', { name: t(lang, 'common:notFound.title') })).toBeVisible();
      await page.getByRole('link', { name: t(lang, 'common:actions.backHome') }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('heading', { level: 1, name: t(lang, 'common:landing.title') })).toBeVisible();
    });
  });
}
