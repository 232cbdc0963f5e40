import { expect, test, type Page } from '@playwright/test';
import { updateFederationSettingsCall } from '../../shared/api/calls/federation';
import { createInviteCall, joinCall } from '../../shared/api/calls/invites';
import { memberListCall } from '../../shared/api/calls/members';
import { languages, t, type Lang } from './support/i18n';
import { field, logIn } from './support/operator';
import { asOperator, registerTeam, type TeamFixture } from './support/team-api';

/**
 * Issue 15, both languages: a site manager sets up the team's sign-in through the local OIDC provider (then, in the
 * second test, the local SAML provider) on the site settings page; a person signs in through it and reaches the
 * member home as a new member; a person who came through another team's provider is refused; a cancelled sign-in
 * says the login window was closed. SAML teams get no password form.
 */
const shots = '.local/e2e-federation/screenshots';

const homeHeading = (page: Page, lang: Lang, name: string) => page.getByRole('heading', { level: 1, name: t(lang, 'member:home.welcome', { name }) });
const origin = (page: Page) => new URL(page.url()).origin;

async function openSignInSettings(page: Page, lang: Lang, team: TeamFixture) {
  await page.goto(`/login?lang=${lang}`);
  await logIn(page, lang, team.operator.email, team.operator.password);
  await expect(page).toHaveURL(/\/admin/);
  await page.goto(`/admin/general_setting/basic_info?lang=${lang}`);
  await expect(page.getByRole('heading', { name: t(lang, 'federation:title') })).toBeVisible();
}

async function save(page: Page, lang: Lang) {
  await page.getByRole('button', { name: t(lang, 'federation:save') }).click();
  await expect(page.getByRole('alert').filter({ hasText: t(lang, 'federation:saved') })).toBeVisible();
}

/** At the local provider's page (OIDC or SAML): the demo person's button. */
async function signInAtProvider(page: Page, person: 'Hanako Yamada' | 'Taro Suzuki' | 'Jiro Sato') {
  await page.getByRole('button', { name: new RegExp(`Sign in as ${person}`) }).click();
}

for (const lang of languages) {
  test.describe(`federated sign-in (${lang})`, () => {
    test('OIDC: configured by the site manager, a person signs in as a new member; another team\'s provider is refused', async ({ page, request, baseURL }) => {
      test.setTimeout(180_000);
      const [team, other] = await Promise.all([registerTeam(request, `fed-oidc-${lang}`), registerTeam(request, `fed-oidc-other-${lang}`)]);
      const issuer = `${baseURL}/local-idp/oidc`;
      await asOperator(request, other, updateFederationSettingsCall.path, {
        authMethod: 'custom',
        oidc: { providerId: 'Other IdP', issuer, clientId: 'local-oidc-client', clientSecret: 'local-oidc-secret' },
        saml: null,
        google: null,
      });

      await openSignInSettings(page, lang, team);
      await page.getByRole('radio', { name: t(lang, 'federation:method.custom') }).check();
      // The provider's details are required (SPEC §5): saving without them says so in place.
      await page.getByRole('button', { name: t(lang, 'federation:save') }).click();
      await expect(page.getByText(t(lang, 'errors:validation/required')).first()).toBeVisible();
      await page.getByLabel(t(lang, 'federation:oidc.providerId')).fill('Campus ID');
      await page.getByLabel(t(lang, 'federation:oidc.issuer')).fill(issuer);
      await page.getByLabel(t(lang, 'federation:oidc.clientId')).fill('local-oidc-client');
      await page.getByLabel(t(lang, 'federation:oidc.clientSecret')).fill('local-oidc-secret');
      await save(page, lang);
      await expect(page.getByText(t(lang, 'federation:secretKept'))).toBeVisible();
      await page.screenshot({ path: `${shots}/settings-oidc-${lang}.png`, fullPage: true });

      // A cancelled sign-in: SPEC §8 "popup closed".
      await page.goto(`/login/${team.teamId}?lang=${lang}`);
      await page.getByRole('button', { name: t(lang, 'federation:login.with', { provider: 'Campus ID' }) }).click();
      await page.getByRole('button', { name: 'Cancel' }).click();
      await expect(page).toHaveURL(/\/login_saml\?/);
      await expect(page.getByRole('alert').filter({ hasText: t(lang, 'errors:auth/popup_closed') })).toBeVisible();

      // The member login page keeps the password form and adds the provider's button.
      await page.goto(`/login/${team.teamId}?lang=${lang}`);
      await expect(field(page, lang, 'email')).toBeVisible();
      await page.getByRole('button', { name: t(lang, 'federation:login.with', { provider: 'Campus ID' }) }).click();
      await expect(page).toHaveURL(new RegExp(`^${origin(page)}/local-idp/oidc/interaction/`));
      await signInAtProvider(page, 'Hanako Yamada');
      await expect(page).toHaveURL(new RegExp(`/user/${team.teamId}$`), { timeout: 20_000 });
      await expect(homeHeading(page, lang, 'Hanako Yamada')).toBeVisible();
      await page.screenshot({ path: `${shots}/member-home-oidc-${lang}.png` });

      // A person who came through the other team's provider: signed in there, refused here. (The local IdP keeps a
      // single sign-on session in its cookies; the app keeps none: clearing them lets another person sign in.)
      await page.context().clearCookies();
      await page.goto(`/login/${other.teamId}?lang=${lang}`);
      await page.getByRole('button', { name: t(lang, 'federation:login.with', { provider: 'Other IdP' }) }).click();
      await signInAtProvider(page, 'Taro Suzuki');
      await expect(page).toHaveURL(new RegExp(`/user/${other.teamId}$`), { timeout: 20_000 });
      await page.goto(`/logged_in/${team.teamId}?lang=${lang}`);
      await expect(page).toHaveURL(new RegExp(`/login/${team.teamId}`));
      await expect(page.getByRole('main').getByRole('alert')).toContainText(t(lang, 'errors:auth/provider_not_allowed'));
    });

    test('OIDC: an invited member who joined with a password signs in through the provider as themselves, not as a new member', async ({ page, request, baseURL }) => {
      test.setTimeout(120_000);
      const team = await registerTeam(request, `fed-link-${lang}`);
      await asOperator(request, team, updateFederationSettingsCall.path, {
        authMethod: 'custom',
        oidc: { providerId: 'Campus ID', issuer: `${baseURL}/local-idp/oidc`, clientId: 'local-oidc-client', clientSecret: 'local-oidc-secret' },
        saml: null,
        google: null,
      });
      // Jiro (the local provider's demo person) is invited and joins with a password first, under his own name.
      const { inviteId } = await asOperator<{ inviteId: string }>(request, team, createInviteCall.path, { title: 'Link', maxRegistrations: null });
      const name = `Jiro Member ${lang}`;
      const joined = await request.post(`/api${joinCall.path}`, {
        data: { inviteId, kind: 'user', email: 'jiro@idp.example', password: 'jiro-pass-1', passwordConfirmation: 'jiro-pass-1', name, language: lang },
      });
      expect(joined.status(), await joined.text()).toBe(200);
      const { userId } = (await joined.json()) as { userId: string };

      await page.goto(`/login/${team.teamId}?lang=${lang}`);
      await page.getByRole('button', { name: t(lang, 'federation:login.with', { provider: 'Campus ID' }) }).click();
      await signInAtProvider(page, 'Jiro Sato');
      await expect(page).toHaveURL(new RegExp(`/user/${team.teamId}$`), { timeout: 20_000 });
      // Their own member: the name they joined with, not the provider's.
      await expect(homeHeading(page, lang, name)).toBeVisible();
      await page.screenshot({ path: `${shots}/member-home-linked-${lang}.png` });
      const members = await asOperator<{ items: { userId: string; email: string }[] }>(request, team, memberListCall.path, { search: 'jiro', limit: 50 });
      expect(members.items.map((m) => m.userId)).toEqual([userId]);
    });

    test('SAML: a person signs in through the SAML provider; no password form; another team\'s SAML person is refused', async ({ page, request, baseURL }) => {
      test.setTimeout(240_000);
      const [team, other] = await Promise.all([registerTeam(request, `fed-saml-${lang}`), registerTeam(request, `fed-saml-other-${lang}`)]);
      const metadataUrl = `${baseURL}/local-idp/saml/metadata`;
      await asOperator(request, other, updateFederationSettingsCall.path, {
        authMethod: 'saml',
        oidc: null,
        saml: { providerId: 'Other SAML', metadataUrl, metadataXml: null },
        google: null,
      });

      await openSignInSettings(page, lang, team);
      await page.getByRole('radio', { name: t(lang, 'federation:method.saml') }).check();
      await page.getByLabel(t(lang, 'federation:saml.providerId')).fill('Corp SSO');
      await page.getByLabel(t(lang, 'federation:saml.metadataUrl')).fill(metadataUrl);
      await expect(page.getByText(t(lang, 'federation:samlNote'))).toBeVisible();
      await save(page, lang);
      await page.screenshot({ path: `${shots}/settings-saml-${lang}.png`, fullPage: true });

      // SPEC: with SAML the password login is not offered.
      await page.goto(`/login/${team.teamId}?lang=${lang}`);
      await expect(page.getByText(t(lang, 'federation:login.samlOnly'))).toBeVisible();
      await expect(field(page, lang, 'email')).toHaveCount(0);
      await page.getByRole('button', { name: t(lang, 'federation:login.with', { provider: 'Corp SSO' }) }).click();
      await expect(page).toHaveURL(new RegExp(`^${origin(page)}/local-idp/saml/sso`), { timeout: 30_000 });
      await signInAtProvider(page, 'Hanako Yamada');
      await expect(page).toHaveURL(new RegExp(`/user/${team.teamId}$`), { timeout: 60_000 });
      // The SAML person's name is not sent (e-mail as NameID only): the member is named after the address.
      await expect(homeHeading(page, lang, 'hanako')).toBeVisible();
      await page.screenshot({ path: `${shots}/member-home-saml-${lang}.png` });

      // SPEC /login_saml?teamId=: the team's single sign-on page; the other team's SAML person is refused here.
      await page.goto(`/login_saml?teamId=${other.teamId}&lang=${lang}`);
      await expect(page.getByRole('heading', { name: t(lang, 'federation:loginSaml.title') })).toBeVisible();
      await page.getByRole('button', { name: t(lang, 'federation:login.with', { provider: 'Other SAML' }) }).click();
      await signInAtProvider(page, 'Taro Suzuki');
      await expect(page).toHaveURL(new RegExp(`/user/${other.teamId}$`), { timeout: 60_000 });
      await page.goto(`/logged_in/${team.teamId}?lang=${lang}`);
      await expect(page).toHaveURL(new RegExp(`/login/${team.teamId}`));
      await expect(page.getByRole('main').getByRole('alert')).toContainText(t(lang, 'errors:auth/provider_not_allowed'));
    });
  });
}
