import { expect, test, type Browser, type Page } from '@playwright/test';
import enMember from '../../web/src/i18n/en/member.json' with { type: 'json' };
import enSecurity from '../../web/src/i18n/en/security.json' with { type: 'json' };
import jaMember from '../../web/src/i18n/ja/member.json' with { type: 'json' };
import jaSecurity from '../../web/src/i18n/ja/security.json' with { type: 'json' };
import { registerOperatorCall } from '../../shared/api/calls/teams';
import { containing, languages, t, type Lang } from './support/i18n';
import { totpCode, typeCode } from './support/totp';
import { field, logIn, newOperator } from './support/operator';
import { basePort, usePlatformEnv } from './support/ports';

const DEMO_TEAM = '01DEMOTEAM0000000000000000';
const demoMember = { email: 'member@demo.example', password: 'demo-password' };
const MEMBER_PASSWORD = 'member-pass-1';
/** Outside test-results, which another e2e run may clear meanwhile. */
const SCREENS = '.local/e2e-member-auth-screens';

/** This feature's own namespaces (the shared helper knows admin, auth, common and errors). */
const own = { en: { member: enMember, security: enSecurity }, ja: { member: jaMember, security: jaSecurity } } as const;
function tm(lang: Lang, nsKey: string, values: Record<string, string> = {}): string {
  const [ns, key] = nsKey.split(':') as ['member' | 'security', string];
  let node: unknown = own[lang][ns];
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== 'string') throw new Error(`No ${lang} string for ${nsKey}`);
  return node.replace(/{{\s*(\w+)\s*}}/g, (_, name: string) => values[name] ?? '');
}

/**
 * Members join by invitation (another part of the product); here they are written with the platform's
 * own modules against the running stand-ins, as the integration tests do.
 */
async function usePlatformModules() {
  await usePlatformEnv();
  const [db, identity, teamUser, settings] = await Promise.all([
    import('../../lambdas/platform/db'),
    import('../../lambdas/platform/identity'),
    import('../../lambdas/core/entities/team-user'),
    import('../../lambdas/core/entities/site-settings'),
  ]);
  return { db, identity, teamUser, settings };
}

/** A new team (its operator registered through the API) with one member. */
async function newTeamWithMember(browser: Browser, label: string, settings: Record<string, unknown> = {}) {
  const operator = newOperator(label);
  const context = await browser.newContext();
  const res = await context.request.post(`/api${registerOperatorCall.path}`, {
    data: { ...operator, passwordConfirmation: operator.password, agreeToTerms: true, language: 'en' },
  });
  expect(res.status()).toBe(200);
  const { teamId } = (await res.json()) as { teamId: string };
  await context.close();
  const platform = await usePlatformModules();
  const email = operator.email.replace('e2e-', 'e2e-member-');
  const name = `Member ${label}`;
  const userId = await platform.identity.createIdentity(email, MEMBER_PASSWORD, name);
  await platform.db.transact(
    platform.teamUser.putTeamUserOps({ teamId, userId, email, name, role: 'member', categories: [], disabled: false, emailVerified: true, createdAt: new Date().toISOString() }),
  );
  if (Object.keys(settings).length) {
    await platform.settings.putSiteSettings({ ...(await platform.settings.getSiteSettings(teamId)), ...settings });
  }
  return { operator, teamId, member: { email, name, password: MEMBER_PASSWORD } };
}

async function memberLogIn(page: Page, lang: Lang, teamId: string, email: string, password: string) {
  await page.goto(`/login/${teamId}?lang=${lang}`);
  await logIn(page, lang, email, password);
}

/** The latest mail to `to` in the local SES inbox. */
async function lastMailText(to: string): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${basePort() + 4}/store`);
  const { emails } = (await res.json()) as { emails: { destination: { to: string[] }; body: { text?: string } }[] };
  return emails.filter((m) => m.destination.to.includes(to)).at(-1)?.body.text ?? '';
}


const homeHeading = (page: Page, lang: Lang, name: string) =>
  page.getByRole('heading', { level: 1, name: tm(lang, 'member:home.welcome', { name }) });

for (const lang of languages) {
  test.describe(`Member login and account security (${lang})`, () => {
    test('the demo member logs in and reaches the member home', async ({ page }) => {
      await page.goto(`/login/${DEMO_TEAM}?lang=${lang}`);
      await expect(page.getByRole('heading', { level: 1, name: tm(lang, 'member:login.title', { siteName: 'Demo Video Academy' }) })).toBeVisible();
      await logIn(page, lang, demoMember.email, demoMember.password);
      await expect(page).toHaveURL(new RegExp(`/user/${DEMO_TEAM}$`));
      await expect(homeHeading(page, lang, 'Demo Member')).toBeVisible();
      await expect(page.getByRole('main')).toContainText('Demo Video Academy');
      await expect(page.getByRole('navigation', { name: tm(lang, 'member:nav.label') }).getByRole('link', { name: tm(lang, 'member:nav.home') })).toBeVisible();
      await page.screenshot({ path: `${SCREENS}/member-home-${lang}.png` });
    });

    test('a redirect to another site is ignored after login', async ({ page }) => {
      await page.goto(`/login/${DEMO_TEAM}?lang=${lang}&redirectPath=${encodeURIComponent('//evil.example/steal')}`);
      await logIn(page, lang, demoMember.email, demoMember.password);
      await expect(page).toHaveURL(new RegExp(`/user/${DEMO_TEAM}$`));
    });

    test('a member resets the password through the mailed link', async ({ page, browser }) => {
      const { teamId, member } = await newTeamWithMember(browser, `reset-${lang}`);
      await page.goto(`/login/${teamId}?lang=${lang}`);
      await page.getByRole('link', { name: t(lang, 'auth:login.forgotPassword') }).click();
      await expect(page).toHaveURL(new RegExp(`/request_reset_password\\?tid=${teamId}$`));
      await field(page, lang, 'email').fill(member.email);
      await page.getByRole('button', { name: tm(lang, 'member:reset.requestSubmit') }).click();
      await expect(page.getByRole('status').filter({ hasText: tm(lang, 'member:reset.sent') })).toBeVisible();

      const link = /http:\/\/localhost:\d+(\/change_password\?token=[A-Za-z0-9_-]+&tid=\w+)/.exec(await lastMailText(member.email));
      expect(link, 'the reset mail holds the link').not.toBeNull();
      await page.goto(link![1]);
      await page.getByRole('textbox', { name: tm(lang, 'member:reset.newPassword'), exact: true }).fill('brand-new-pass-2');
      await page.getByRole('textbox', { name: t(lang, 'auth:fields.passwordConfirmation'), exact: true }).fill('brand-new-pass-2');
      await page.getByRole('button', { name: tm(lang, 'member:reset.changeSubmit') }).click();
      await expect(page).toHaveURL(new RegExp(`/login/${teamId}$`));

      await logIn(page, lang, member.email, 'brand-new-pass-2');
      await expect(homeHeading(page, lang, member.name)).toBeVisible();

      // The link works once.
      await page.goto(link![1]);
      await page.getByRole('textbox', { name: tm(lang, 'member:reset.newPassword'), exact: true }).fill('another-pass-3');
      await page.getByRole('textbox', { name: t(lang, 'auth:fields.passwordConfirmation'), exact: true }).fill('another-pass-3');
      await page.getByRole('button', { name: tm(lang, 'member:reset.changeSubmit') }).click();
      await expect(page.getByRole('alert').filter({ hasText: t(lang, 'errors:auth/link_invalid') })).toBeVisible();
    });

    test('a member enrols an authenticator app and logs in with its code', async ({ page, browser }) => {
      const { teamId, member } = await newTeamWithMember(browser, `totp-${lang}`, { emailValidityCheck: true, twoFactorRequired: true });
      await memberLogIn(page, lang, teamId, member.email, member.password);
      await expect(page).toHaveURL(new RegExp(`/two_factor/${teamId}`));
      await page.getByRole('button', { name: tm(lang, 'security:twoFactor.start') }).click();
      await expect(page.getByRole('img', { name: tm(lang, 'security:twoFactor.qrAlt') })).toBeVisible();
      await page.screenshot({ path: `${SCREENS}/totp-setup-${lang}.png` });
      const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
      await typeCode(page, totpCode(secret));
      await page.getByRole('button', { name: tm(lang, 'security:twoFactor.verify') }).click();
      await expect(homeHeading(page, lang, member.name)).toBeVisible();

      await page.getByRole('button', { name: tm(lang, 'member:header.logout') }).click();
      await expect(page).toHaveURL(new RegExp(`/login/${teamId}$`));
      await logIn(page, lang, member.email, member.password);
      await expect(page.getByRole('heading', { name: t(lang, 'auth:totp.title') })).toBeVisible();
      await typeCode(page, String((Number(totpCode(secret)) + 1) % 1_000_000).padStart(6, '0'));
      await page.getByRole('button', { name: t(lang, 'auth:totp.submit') }).click();
      await expect(page.getByRole('main').getByRole('alert')).toContainText(t(lang, 'errors:two_factor/code_mismatch'));
      await page.screenshot({ path: `${SCREENS}/totp-login-${lang}.png` });
      await typeCode(page, totpCode(secret));
      await page.getByRole('button', { name: t(lang, 'auth:totp.submit') }).click();
      await expect(homeHeading(page, lang, member.name)).toBeVisible();
    });

    test('the administrator limits members to an IP range that excludes this machine', async ({ page, browser }) => {
      const { operator, teamId, member } = await newTeamWithMember(browser, `ip-${lang}`);
      await page.goto(`/login?lang=${lang}`);
      await logIn(page, lang, operator.email, operator.password);
      await expect(page).toHaveURL(/\/admin\/dashboard$/);
      await page.getByRole('navigation', { name: t(lang, 'admin:nav.label') }).getByRole('link', { name: t(lang, 'admin:nav.basicInfo') }).click();
      await page.getByRole('textbox', { name: tm(lang, 'security:memberIpAllowList') }).fill('192.0.2.0/24\n2001:db8::/32');
      await page.screenshot({ path: `${SCREENS}/security-settings-${lang}.png`, fullPage: true });
      await page.getByRole('button', { name: tm(lang, 'security:save'), exact: true }).click();
      await expect(page.getByRole('alert').filter({ hasText: tm(lang, 'security:saved') })).toBeVisible();

      // The administrators' own list: saving one without this address asks first.
      await page.getByRole('textbox', { name: tm(lang, 'security:adminIpAllowList') }).fill('192.0.2.0/24');
      await page.getByRole('button', { name: tm(lang, 'security:save'), exact: true }).click();
      await expect(page.getByRole('dialog', { name: tm(lang, 'security:lockoutTitle') })).toBeVisible();
      await page.getByRole('button', { name: tm(lang, 'security:cancel') }).click();
      await page.getByRole('textbox', { name: tm(lang, 'security:adminIpAllowList') }).fill('');

      const memberPage = await (await browser.newContext()).newPage();
      await memberLogIn(memberPage, lang, teamId, member.email, member.password);
      // Back on the login page (its query kept), saying why.
      await expect(memberPage).toHaveURL(new RegExp(`/login/${teamId}(\\?|$)`));
      await expect(memberPage.getByRole('main').getByRole('alert')).toContainText(t(lang, 'errors:auth/ip_not_allowed'));
      await memberPage.screenshot({ path: `${SCREENS}/ip-refused-${lang}.png` });
      await memberPage.context().close();
    });

    test('a second login logs the first one out', async ({ browser }) => {
      const { teamId, member } = await newTeamWithMember(browser, `single-${lang}`, { singleLogin: true });
      const first = await (await browser.newContext()).newPage();
      await memberLogIn(first, lang, teamId, member.email, member.password);
      await expect(homeHeading(first, lang, member.name)).toBeVisible();

      const second = await (await browser.newContext()).newPage();
      await memberLogIn(second, lang, teamId, member.email, member.password);
      await expect(homeHeading(second, lang, member.name)).toBeVisible();

      await first.reload();
      await expect(first).toHaveURL(new RegExp(`/login/${teamId}$`));
      await expect(first.getByRole('main').getByRole('alert')).toContainText(containing(t(lang, 'errors:auth/logged_in_elsewhere')));
      await first.screenshot({ path: `${SCREENS}/logged-out-elsewhere-${lang}.png` });
      await second.reload();
      await expect(homeHeading(second, lang, member.name)).toBeVisible();
      await first.context().close();
      await second.context().close();
    });
  });
}
