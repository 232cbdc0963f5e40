import { createHmac } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { languages, t } from './support/i18n';
import { logIn } from './support/operator';
import { registerTeam } from './support/team-api';

/** RFC 6238 (SHA-1, 6 digits, 30 s) from the base32 secret the setup screen shows, as an authenticator app computes it. */
function totpCode(secret: string, at = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const c of secret.replace(/=+$/, '').toUpperCase()) bits += alphabet.indexOf(c).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g)!.map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[mac.length - 1] & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

async function typeCode(page: Page, code: string) {
  // Mantine's PinInput: typing into the first box moves through the six.
  await page.getByRole('textbox').first().click();
  await page.keyboard.type(code);
}

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
