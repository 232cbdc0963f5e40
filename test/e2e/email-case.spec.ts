import { expect, test, type Page } from '@playwright/test';
import enInvites from '../../web/src/i18n/en/invites.json' with { type: 'json' };
import enMember from '../../web/src/i18n/en/member.json' with { type: 'json' };
import jaInvites from '../../web/src/i18n/ja/invites.json' with { type: 'json' };
import jaMember from '../../web/src/i18n/ja/member.json' with { type: 'json' };
import { createInviteCall } from '../../shared/api/calls/invites';
import { registerOperatorCall } from '../../shared/api/calls/teams';
import { languages, t, type Lang } from './support/i18n';
import { logIn, newOperator } from './support/operator';
import { asOperator, registerTeam } from './support/team-api';

/**
 * A person who types their address with capitals (`Acc.Cap@Example.com`) is one account whichever way they type
 * it: the local platform finds them as the AWS user pool does (`signInCaseSensitive: false`).
 */
const own = { en: { invites: enInvites, member: enMember }, ja: { invites: jaInvites, member: jaMember } } as const;
function tx(lang: Lang, nsKey: string, values: Record<string, string> = {}): string {
  const [ns, key] = nsKey.split(':') as ['invites' | 'member', string];
  const text = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], own[lang][ns]);
  if (typeof text !== 'string') throw new Error(`No ${lang} string for ${nsKey}`);
  return text.replace(/{{\s*(\w+)\s*}}/g, (_, name: string) => values[name] ?? '');
}

const textbox = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });
/** A password input by its label (its text may end in the required-field asterisk). */
const passwordInput = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?$`));
/** An address with capitals that no other run uses. */
const capitalised = (label: string) => `Acc.Cap.${label}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@Example.com`;

for (const lang of languages) {
  test.describe(`E-mail addresses typed with capitals (${lang})`, () => {
    test('a person joins by invitation as Acc.Cap@Example.com and logs in typing it the same way, and in lower case', async ({ browser, request }) => {
      const team = await registerTeam(request, `case-${lang}`);
      const { inviteId } = await asOperator<{ inviteId: string }>(request, team, createInviteCall.path, { title: `Case ${lang}`, maxRegistrations: null });
      const person = { email: capitalised(lang), password: 'joiner-pass-1', name: `Capital ${lang}` };
      const home = (page: Page) => page.getByRole('heading', { level: 1, name: tx(lang, 'member:home.welcome', { name: person.name }) });

      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`/join/user/${inviteId}?lang=${lang}`);
      await textbox(page, tx(lang, 'invites:join.email')).fill(person.email);
      await passwordInput(page, tx(lang, 'invites:join.password')).fill(person.password);
      await passwordInput(page, tx(lang, 'invites:join.passwordConfirmation')).fill(person.password);
      await textbox(page, tx(lang, 'invites:join.name')).fill(person.name);
      await page.getByRole('button', { name: tx(lang, 'invites:join.submit') }).click();
      // Signed in at once with the address as typed.
      await expect(page).toHaveURL(new RegExp(`/user/${team.teamId}$`));
      await expect(home(page)).toBeVisible();

      for (const typed of [person.email, person.email.toLowerCase()]) {
        await page.getByRole('button', { name: tx(lang, 'member:header.logout') }).click();
        await expect(page).toHaveURL(new RegExp(`/login/${team.teamId}$`));
        await logIn(page, lang, typed, person.password);
        await expect(page).toHaveURL(new RegExp(`/user/${team.teamId}$`));
        await expect(home(page)).toBeVisible();
        await expect(page.getByRole('alert').filter({ hasText: t(lang, 'errors:auth/user_not_found') })).toHaveCount(0);
      }
      await context.close();
    });

    test('an operator registered as Acc.Cap@Example.com logs in to the admin screens typing it the same way', async ({ page, request }) => {
      const operator = { ...newOperator(`case-admin-${lang}`), email: capitalised(`admin-${lang}`) };
      const res = await request.post(`/api${registerOperatorCall.path}`, {
        data: { ...operator, passwordConfirmation: operator.password, agreeToTerms: true, language: lang },
      });
      expect(res.status(), await res.text()).toBe(200);
      await page.goto(`/login?lang=${lang}`);
      await logIn(page, lang, operator.email, operator.password);
      await expect(page).toHaveURL(/\/admin\/dashboard$/);
    });
  });
}
