import { expect, test } from '@playwright/test';
import { formatPriceAmount } from '../../shared/money';
import { planPrice } from '../../shared/plans';
import { languages, t } from './support/i18n';
import { logIn } from './support/operator';
import { usePlatformEnv } from './support/ports';
import { DEMO_TEAM_ID } from './support/platform';
import { payWithCard } from './support/shop';
import { asOperator, registerTeam } from './support/team-api';
import { createInviteCall, joinCall } from '../../shared/api/calls/invites';

/**
 * Issue 14 operator plans, both languages: a trial team moved past its end (through the team module, as e2e
 * specs arrange data) is sent to /entry/admin/not_subscribe on its next admin page; its operator goes to billing,
 * chooses Pro yearly (10%OFF), pays with 4242 on the local Stripe stand-in's Checkout page on the platform's own
 * account, and is back on the dashboard once the platform webhook has set the plan.
 */
async function moveTrialPastEnd(teamId: string) {
  await usePlatformEnv();
  const { setTeamTrialEnd } = await import('../../lambdas/core/entities/team');
  await setTeamTrialEnd(teamId, new Date(Date.now() - 60_000).toISOString());
}

for (const lang of languages) {
  test.describe(`operator plans (${lang})`, () => {
    test('a trial team moved past its end reaches the entry page; choosing a plan restores access', async ({ page, request }) => {
      test.setTimeout(180_000);
      const team = await registerTeam(request, `plans-${lang}`);
      await page.goto(`/login?lang=${lang}`);
      await logIn(page, lang, team.operator.email, team.operator.password);
      await expect(page).toHaveURL(/\/admin\/dashboard$/);

      await moveTrialPastEnd(team.teamId);
      await page.goto('/admin/user');
      await expect(page).toHaveURL(/\/entry\/admin\/not_subscribe$/);
      await expect(page.getByRole('heading', { name: t(lang, 'plans:entry.admin.not_subscribe.title') })).toBeVisible();
      await expect(page.getByText(t(lang, 'plans:entry.admin.not_subscribe.body'))).toBeVisible();

      await page.getByRole('link', { name: t(lang, 'plans:entry.toBilling') }).click();
      await expect(page).toHaveURL(/\/admin\/general_setting\/billing$/);
      await expect(page.getByRole('heading', { level: 1, name: t(lang, 'plans:billing.title') })).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: t(lang, 'plans:billing.gate.not_subscribe') })).toBeVisible();
      await expect(page.getByText(t(lang, 'plans:billing.yearlyBadge', { percent: 10 }))).toBeVisible();

      // The team registered in English pays in dollars; yearly is 12 x monthly x 0.9.
      await page.getByText(t(lang, 'plans:cycle.yearly'), { exact: true }).click();
      const pro = page.getByRole('region', { name: t(lang, 'plans:plan.pro') });
      await expect(pro).toContainText(formatPriceAmount(planPrice('pro', 'yearly', 'usd'), 'usd', lang === 'en' ? 'en-US' : 'ja-JP'));
      await pro.getByRole('button', { name: t(lang, 'plans:billing.choose') }).click();

      await payWithCard(page, lang, '4242 4242 4242 4242', 'subscribe');
      await expect(page).toHaveURL(/\/admin\/dashboard$/, { timeout: 30_000 });
      // Access is back: the page that sent the operator to the entry page opens.
      await page.goto('/admin/user');
      await expect(page).toHaveURL(/\/admin\/user$/);
      await page.goto('/admin/general_setting/subscription/contracting_plan');
      await expect(page.getByRole('cell', { name: t(lang, 'plans:plan.pro'), exact: true })).toBeVisible();
      await expect(page.getByRole('cell', { name: t(lang, 'plans:cycle.yearly'), exact: true })).toBeVisible();
    });

    test('someone signed in who is not in the team reaches its not_team entry page', async ({ page, request }) => {
      const team = await registerTeam(request, `not-team-${lang}`);
      // The new team's operator signs in on the demo team's member login: a real account, but not this team's.
      await page.goto(`/login/${DEMO_TEAM_ID}?lang=${lang}`);
      await logIn(page, lang, team.operator.email, team.operator.password);
      await expect(page).toHaveURL(new RegExp(`/entry/${DEMO_TEAM_ID}/not_team$`));
      await expect(page.getByRole('heading', { name: t(lang, 'plans:entry.member.not_team.title') })).toBeVisible();
      await expect(page.getByText(t(lang, 'plans:entry.member.not_team.body'))).toBeVisible();
      // Signed out on the way: the way back is the team's login page, not its member home.
      await page.getByRole('link', { name: t(lang, 'plans:entry.toLogin') }).click();
      await expect(page).toHaveURL(new RegExp(`/login/${DEMO_TEAM_ID}$`));
      await expect(page.getByRole('button', { name: t(lang, 'auth:login.submit'), exact: true })).toBeVisible();
    });

    test('an administrator of one site goes straight to its dashboard and is not offered another site', async ({ page, request }) => {
      const only = await registerTeam(request, `one-site-${lang}`);
      await page.goto(`/login?lang=${lang}`);
      await logIn(page, lang, only.operator.email, only.operator.password);
      await expect(page).toHaveURL(/\/admin\/dashboard$/);
      await expect(page.getByRole('banner').getByRole('heading', { name: only.operator.siteName })).toBeVisible();
      await expect(page.getByRole('banner').getByRole('link', { name: t(lang, 'admin:header.switchSite') })).toHaveCount(0);
    });

    test('an administrator of two sites chooses the one to operate after logging in, and switches from the header', async ({ page, request }) => {
      const first = await registerTeam(request, `two-sites-a-${lang}`);
      const second = await registerTeam(request, `two-sites-b-${lang}`);
      // The first site's operator is invited to administer the second one and joins with the same account.
      const { inviteId } = await asOperator<{ inviteId: string }>(request, second, createInviteCall.path, {
        title: 'Co-administrator',
        maxRegistrations: null,
        kind: 'admin',
        categories: ['analyst'],
      });
      const { email, password, name } = first.operator;
      const joined = await request.post(`/api${joinCall.path}`, { data: { inviteId, kind: 'admin', email, password, passwordConfirmation: password, name, language: 'en' } });
      expect(joined.status(), await joined.text()).toBe(200);

      await page.goto(`/login?lang=${lang}`);
      await logIn(page, lang, email, password);
      await expect(page).toHaveURL(/\/admin\/item_select$/);
      await expect(page.getByRole('heading', { level: 1, name: t(lang, 'auth:itemSelect.title') })).toBeVisible();
      const sites = page.getByRole('list', { name: t(lang, 'auth:itemSelect.title') });
      await expect(sites.getByRole('button')).toHaveCount(2);
      await sites.getByRole('button', { name: second.operator.siteName }).click();
      await expect(page).toHaveURL(/\/admin\/dashboard$/);
      await expect(page.getByRole('banner').getByRole('heading', { name: second.operator.siteName })).toBeVisible();

      // Back to the list from the header, and into the first site.
      await page.getByRole('banner').getByRole('link', { name: t(lang, 'admin:header.switchSite') }).click();
      await expect(page).toHaveURL(/\/admin\/item_select$/);
      await sites.getByRole('button', { name: first.operator.siteName }).click();
      await expect(page).toHaveURL(/\/admin\/dashboard$/);
      await expect(page.getByRole('banner').getByRole('heading', { name: first.operator.siteName })).toBeVisible();
    });
  });
}
