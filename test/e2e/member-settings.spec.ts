import { expect, test, type Page } from '@playwright/test';
import { languages, t, type Lang } from './support/i18n';
import { inbox } from './support/local-mail';
import { logIn } from './support/operator';
import { DEMO_TEAM_ID, platformModules } from './support/platform';
import { logInAdmin, MONTHLY, MONTHLY_PLUS, newBuyer, offer, openPremium, payWithCard, yen } from './support/shop';

/**
 * SPEC §2 /user/:teamId/setting (§3 what a member may change, §6 account deletion), both languages: a member who
 * joined by an invitation asking two custom fields changes their name, those answers, reply mails, e-mail (with the
 * code mailed to the new address), password and language, reads what deleting the account would do and deletes it;
 * a subscriber changes their plan from the page and cannot delete while the subscription renews. Phone width looked at.
 */
const SHOTS = '.local/e2e-member-settings/screenshots';
const base = `/user/${DEMO_TEAM_ID}`;

/** The custom fields this spec adds to the demo team: taken away again after it, so later specs meet the team as seeded. */
const addedFields: { fieldId: string; name: string; type: 'text' | 'select'; options: string[] }[] = [];

test.afterAll(async () => {
  const { db } = await platformModules();
  const { deleteCustomFieldOp, updateCustomFieldOp } = await import('../../lambdas/core/entities/custom-field');
  for (const field of addedFields.splice(0)) {
    try {
      await db.transact([deleteCustomFieldOp(DEMO_TEAM_ID, field.fieldId)]);
    } catch {
      // Answers still counted (the member's record went without taking its answers back): at least not required.
      await db.transact([updateCustomFieldOp(DEMO_TEAM_ID, { ...field, required: false }, new Date().toISOString())]);
    }
  }
});

/** A member of the demo team who joined through an invitation asking a text and a select field (straight into the stores). */
async function invitedMember(lang: Lang) {
  const { db, identity, teamUser } = await platformModules();
  const [{ putCustomFieldOp }, { memberInvite, putInviteOps }] = await Promise.all([import('../../lambdas/core/entities/custom-field'), import('../../lambdas/core/entities/invite')]);
  const stamp = `${lang}${Date.now().toString(36)}`;
  const now = new Date().toISOString();
  const city = { fieldId: `city${stamp}`, name: `City ${stamp}`, type: 'text' as const, required: true, options: [], answerCount: 0, createdAt: now };
  const plan = { fieldId: `plan${stamp}`, name: `Plan ${stamp}`, type: 'select' as const, required: false, options: ['Basic', 'Gold'], answerCount: 0, createdAt: now };
  const inviteId = `inv${stamp}`;
  addedFields.push(city, plan);
  await db.transact([
    putCustomFieldOp(DEMO_TEAM_ID, city),
    putCustomFieldOp(DEMO_TEAM_ID, plan),
    ...putInviteOps(
      DEMO_TEAM_ID,
      memberInvite({ inviteId, title: `Settings ${stamp}`, registeredCount: 1, customFieldIds: [city.fieldId, plan.fieldId], createdAt: now }),
    ),
  ]);
  const person = { email: `settings-${stamp}@example.test`, password: 'member-pass1', name: `Member ${stamp}` };
  const userId = await identity.createIdentity(person.email, person.password, person.name);
  await db.transact(
    teamUser.putTeamUserOps({
      teamId: DEMO_TEAM_ID,
      userId,
      email: person.email,
      name: person.name,
      role: 'member',
      categories: [],
      disabled: false,
      createdAt: now,
      inviteId,
      customFields: { [city.fieldId]: 'Osaka' },
    }),
  );
  return { ...person, userId, stamp, city, plan, teamUser };
}

async function openSettings(page: Page, lang: Lang) {
  await page.getByRole('link', { name: t(lang, 'member:nav.setting'), exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${base}/setting$`));
  await expect(page.getByRole('heading', { name: t(lang, 'membersettings:title'), level: 1 })).toBeVisible();
}

const other = (lang: Lang): Lang => (lang === 'ja' ? 'en' : 'ja');

for (const lang of languages) {
  test.describe(`member settings (${lang})`, () => {
    test('a member changes their details, e-mail, password and language, reads what deletion does and deletes the account', async ({ page }) => {
      test.setTimeout(180_000);
      const member = await invitedMember(lang);
      await page.goto(`/login/${DEMO_TEAM_ID}?lang=${lang}`);
      await logIn(page, lang, member.email, member.password);
      await expect(page).toHaveURL(new RegExp(`${base}$`));
      await openSettings(page, lang);

      // Name, the invitation's custom fields (answers shown), reply mails.
      const details = page.locator('form').filter({ has: page.getByRole('heading', { name: t(lang, 'membersettings:profile.title') }) });
      await expect(details.getByLabel(member.city.name)).toHaveValue('Osaka');
      await details.getByLabel(member.city.name).fill('');
      await details.getByRole('button', { name: t(lang, 'membersettings:profile.save') }).click();
      await expect(details.getByText(t(lang, 'errors:validation/required')).first()).toBeVisible();
      const newName = `Renamed ${member.stamp}`;
      await details.getByLabel(t(lang, 'membersettings:profile.name')).fill(newName);
      await details.getByLabel(member.city.name).fill('Kyoto');
      await details.getByRole('combobox', { name: member.plan.name }).click();
      await page.getByRole('option', { name: 'Gold' }).click();
      await details.getByLabel(t(lang, 'membersettings:profile.replyMail')).uncheck();
      await details.getByRole('button', { name: t(lang, 'membersettings:profile.save') }).click();
      await expect(page.getByText(t(lang, 'membersettings:saved')).first()).toBeVisible();
      await expect(page.getByText(t(lang, 'member:header.signedInAs', { name: newName }))).toBeVisible();
      const saved = await member.teamUser.getTeamUser(DEMO_TEAM_ID, member.userId, true);
      expect(saved).toMatchObject({ name: newName, customFields: { [member.city.fieldId]: 'Kyoto', [member.plan.fieldId]: 'Gold' }, notifications: { videoReplyCommented: false } });

      // E-mail: the code goes to the new address; the address changes only once it comes back.
      const newEmail = `moved-${member.stamp}@example.test`;
      await page.getByLabel(t(lang, 'profile:email.new')).fill(newEmail);
      await page.getByRole('button', { name: t(lang, 'profile:email.send') }).click();
      await expect(page.getByText(t(lang, 'profile:email.enterCode', { email: newEmail }))).toBeVisible();
      expect((await member.teamUser.getTeamUser(DEMO_TEAM_ID, member.userId, true))?.email).toBe(member.email);
      const code = /\b(\d{6})\b/.exec((await inbox(newEmail)).at(-1)?.body.text ?? '')?.[1];
      expect(code).toMatch(/^\d{6}$/);
      await page.getByLabel(t(lang, 'profile:email.code')).fill(code!);
      await page.getByRole('button', { name: t(lang, 'profile:email.confirm') }).click();
      await expect(page.getByText(t(lang, 'profile:email.current', { email: newEmail }))).toBeVisible();

      // Password.
      await page.getByLabel(t(lang, 'profile:password.current'), { exact: true }).fill(member.password);
      await page.getByLabel(t(lang, 'profile:password.new'), { exact: true }).fill('member-pass2');
      await page.getByLabel(t(lang, 'profile:password.confirmation'), { exact: true }).fill('member-pass2');
      await page.getByRole('button', { name: t(lang, 'profile:password.submit') }).click();
      await expect(page.getByText(t(lang, 'profile:password.changed')).first()).toBeVisible();

      // Payments: the history is one link away (nothing bought yet).
      await page.getByRole('main').getByRole('link', { name: t(lang, 'membersettings:payments.history') }).click();
      await expect(page.getByRole('heading', { name: t(lang, 'purchases:history.title'), level: 1 })).toBeVisible();
      await page.goBack();
      await expect(page.getByRole('heading', { name: t(lang, 'membersettings:title'), level: 1 })).toBeVisible();

      // Phone width.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: `${SHOTS}/settings-phone-${lang}.png`, fullPage: true });
      await page.setViewportSize({ width: 1280, height: 720 });

      // Language: the UI switches to the chosen one, and the record keeps it.
      const to = other(lang);
      await details.locator('label', { hasText: t(lang, `common:language.${to}`) }).click();
      await details.getByRole('button', { name: t(lang, 'membersettings:profile.save') }).click();
      await expect(page.getByRole('heading', { name: t(to, 'membersettings:title'), level: 1 })).toBeVisible();
      expect((await member.teamUser.getTeamUser(DEMO_TEAM_ID, member.userId, true))?.language).toBe(to);

      // Deletion: what it does is said beside the offer and again before confirming.
      await expect(page.getByText(t(to, 'membersettings:delete.data')).first()).toBeVisible();
      await page.getByRole('button', { name: t(to, 'profile:delete.open') }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByText(t(to, 'membersettings:delete.what'))).toBeVisible();
      await expect(dialog.getByText(t(to, 'membersettings:delete.login'))).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/delete-confirm-${lang}.png` });
      await dialog.getByRole('button', { name: t(to, 'profile:delete.submit') }).click();
      await expect(page).toHaveURL(new RegExp(`/login/${DEMO_TEAM_ID}`));
      expect(await member.teamUser.getTeamUser(DEMO_TEAM_ID, member.userId, true)).toBeUndefined();
    });

    test('a subscriber cannot delete while the subscription renews, and changes its plan from the settings', async ({ page }) => {
      test.setTimeout(240_000);
      await newBuyer(page, lang, 'settings-sub');
      await openPremium(page, lang);
      await offer(page, MONTHLY.nickname).getByRole('button', { name: t(lang, 'purchases:offer.subscribe') }).click();
      await payWithCard(page, lang, '4242424242424242', 'subscribe');
      await expect(page.locator('video')).toBeVisible({ timeout: 30_000 });

      await page.goto(`${base}/setting?lang=${lang}`);
      await expect(page.getByRole('heading', { name: t(lang, 'membersettings:title'), level: 1 })).toBeVisible();
      await expect(page.getByText(t(lang, 'membersettings:delete.activeSubscriptions', { count: 1 }))).toBeVisible();
      await expect(page.getByText(t(lang, 'errors:deletion/active_subscription'))).toBeVisible();
      await expect(page.getByRole('button', { name: t(lang, 'profile:delete.open') })).toBeDisabled();
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: `${SHOTS}/settings-subscriber-phone-${lang}.png`, fullPage: true });
      await page.setViewportSize({ width: 1280, height: 720 });

      await page.getByRole('link', { name: t(lang, 'purchases:purchased.changePrice') }).click();
      await expect(page).toHaveURL(new RegExp(`${base}/setting/change_price/sub_`));
      await page.getByRole('radio', { name: new RegExp(MONTHLY_PLUS.nickname) }).check();
      await expect(page.getByText(t(lang, 'purchases:changePrice.nextInvoice'))).toBeVisible();
      await page.getByRole('button', { name: t(lang, 'purchases:changePrice.confirm') }).click();
      await expect(page.getByText(`${MONTHLY_PLUS.nickname} · ${yen(lang, 1980)}`, { exact: false })).toBeVisible();
    });
  });
}

for (const lang of languages) {
  test(`the administrator's profile keeps the shared e-mail, password and deletion sections (${lang})`, async ({ page }) => {
    await logInAdmin(page, lang);
    await page.goto(`/admin/setting/profile?lang=${lang}`);
    await expect(page.getByRole('heading', { name: t(lang, 'profile:title'), level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: t(lang, 'profile:email.title') })).toBeVisible();
    await expect(page.getByRole('heading', { name: t(lang, 'profile:password.title') })).toBeVisible();
    // The demo administrator may delete from the admin page (the server still checks the last-administrator rule).
    await expect(page.getByRole('button', { name: t(lang, 'profile:delete.open') })).toBeEnabled();
    await expect(page.getByText(t(lang, 'membersettings:delete.what'))).toHaveCount(0);
  });
}
