import { expect, type Page } from '@playwright/test';
import { ADMIN_MENU_OPEN_STORAGE_KEY, adminMenuSectionKeys } from '../../../web/src/routes/admin/admin-menu';
import { t, type Lang } from './i18n';

export interface Operator {
  email: string;
  password: string;
  name: string;
  companyName: string;
  siteName: string;
  phone: string;
}

/** A new operator whose e-mail no earlier run (or other test) has used. */
export function newOperator(label: string): Operator {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
  return {
    email: `e2e-${label}-${id}@example.com`,
    password: 'e2e-password-1',
    name: `E2E Owner ${id}`,
    companyName: `E2E Company ${id}`,
    siteName: `E2E Site ${id}`,
    phone: '03-1234-5678',
  };
}

/**
 * A form field by its role and accessible name. (getByLabel would read the label's text, which
 * also holds the required-field asterisk that assistive technology skips.)
 */
export const field = (page: Page, lang: Lang, key: string) =>
  page.getByRole('textbox', { name: t(lang, `auth:fields.${key}`), exact: true });

/** Fills /register as a person would: by the visible labels. */
export async function fillRegisterForm(page: Page, lang: Lang, operator: Operator, password = operator.password) {
  const input = (key: string) => field(page, lang, key);
  await input('email').fill(operator.email);
  await input('password').fill(password);
  await input('passwordConfirmation').fill(password);
  await input('name').fill(operator.name);
  await input('companyName').fill(operator.companyName);
  await input('siteName').fill(operator.siteName);
  await input('phone').fill(operator.phone);
  await page.getByRole('checkbox', { name: t(lang, 'auth:register.agreeToTerms') }).check();
}

/**
 * The admin menu opens only the current page's section unless the administrator opened others, which it remembers
 * (web/src/routes/admin/admin-menu.ts). Specs sign in as an administrator who keeps every section open, so any entry
 * is one click away as before; test/e2e/admin-menu.spec.ts removes this to check the menu as it first shows.
 */
export async function openEveryAdminMenuSection(page: Page) {
  await page.evaluate(([key, value]) => {
    try {
      localStorage.setItem(key, value);
    } catch {
      // A page without storage (about:blank): nothing to remember there.
    }
  }, [ADMIN_MENU_OPEN_STORAGE_KEY, JSON.stringify(adminMenuSectionKeys)]);
}

export async function logIn(page: Page, lang: Lang, email: string, password: string) {
  await openEveryAdminMenuSection(page);
  await field(page, lang, 'email').fill(email);
  await field(page, lang, 'password').fill(password);
  await page.getByRole('button', { name: t(lang, 'auth:login.submit'), exact: true }).click();
}

/** The failure is shown twice: inline on the page and as an error toast. */
export async function expectFailureShown(page: Page, message: string) {
  await expect(page.getByRole('main').getByRole('alert')).toContainText(message);
  await expect(page.getByRole('alert').filter({ hasText: message })).toHaveCount(2);
}

/** Signs the team's operator in from the admin login page and waits for the admin area. */
export async function operatorPage(page: Page, lang: Lang, team: { operator: { email: string; password: string } }) {
  await page.goto(`/login?lang=${lang}`);
  await logIn(page, lang, team.operator.email, team.operator.password);
  await expect(page).toHaveURL(/\/admin/);
}

/** Signs a member in from the team's login page and waits for the member home. */
export async function memberPage(page: Page, lang: Lang, teamId: string, member: { email: string; password: string }) {
  await page.goto(`/login/${teamId}?lang=${lang}`);
  await logIn(page, lang, member.email, member.password);
  await expect(page).toHaveURL(new RegExp(`/user/${teamId}$`));
}

/** The demo team's administrator (seeded by `npm start` and the e2e platform). */
export const demoAdmin = { email: 'admin@demo.example', password: 'demo-password' };

/** Signs the demo administrator in and waits for the dashboard. */
export async function demoAdminPage(page: Page, lang: Lang) {
  await page.goto(`/login?lang=${lang}`);
  await logIn(page, lang, demoAdmin.email, demoAdmin.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

/** An entry of the admin menu, by its nav key. */
export const adminNav = (page: Page, lang: Lang, key: string) =>
  page.getByRole('navigation', { name: t(lang, 'admin:nav.label') }).getByRole('link', { name: t(lang, `admin:nav.${key}`), exact: true });
