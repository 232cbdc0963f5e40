import { expect, test, type Page } from '@playwright/test';
import { languages, t, type Lang } from './support/i18n';
import { DEMO_TEAM_ID, newDemoAdministrator } from './support/platform';
import {
  demoAdmin,
  demoShopStripe,
  invoiceIdOf,
  logInAdmin,
  MONTHLY,
  newBuyer,
  offer,
  ONE_TIME,
  openPremium,
  payWithCard,
  PREMIUM_VIDEO,
  PRODUCT,
  separatePage,
  withTax,
  yen,
} from './support/shop';
import type { AdminCategory } from '../../shared/permissions';

const SCREENS = 'test-results/e2e-payments-admin-history';

/** What Stripe (the stand-in) says an invoice asks, by its hosted page's address. */
async function amountDue(hostedInvoiceUrl: string): Promise<number> {
  const { stripe, stripeAccount } = await demoShopStripe();
  return (await stripe.invoices.retrieve(invoiceIdOf(hostedInvoiceUrl), {}, { stripeAccount })).amount_due;
}

/** Signs an administrator in on a browser of their own (the member stays signed in on theirs). */
async function adminPage(page: Page, lang: Lang, login: { email: string; password: string }) {
  const admin = await separatePage(page.context().browser()!);
  await logInAdmin(admin, lang, login, /\/admin\/dashboard$/);
  return admin;
}

async function newAdministrator(lang: Lang, category: AdminCategory) {
  const login = { email: `e2e-history-${category}-${lang}-${Date.now().toString(36)}@example.com`, password: 'e2e-password-1' };
  await newDemoAdministrator({ ...login, name: `${category} ${lang}`, categories: [category] });
  return login;
}

/** The buyer's row on the customer tab of /admin/user, found by searching their e-mail. */
async function customerRow(admin: Page, lang: Lang, email: string) {
  await admin.goto(`/admin/user?tab=customer&lang=${lang}`);
  await expect(admin.getByRole('tab', { name: t(lang, 'users:tabs.customer') })).toHaveAttribute('aria-selected', 'true');
  await admin.getByLabel(t(lang, 'users:list.search')).fill(email);
  const row = admin.getByRole('row').filter({ hasText: email });
  await expect(row).toBeVisible();
  return row;
}

/** SPEC §9 period, dates only: `2024/03/01 〜 03/31` (ja) or `2024/03/01 – 03/31` (en); the end's year only when it differs. */
const PERIOD = /^\d{4}\/\d{2}\/\d{2} (〜|–) (\d{4}\/)?\d{2}\/\d{2}$/;
/** The two ends of a shown period as full `YYYY/MM/DD` dates (an end without its year is in the start's year). */
function periodBounds(text: string, lang: Lang): [string, string] {
  const [start, end] = text.split(t(lang, 'common:period.separator'));
  return [start!, end!.length === 5 ? `${start!.slice(0, 5)}${end}` : end!];
}

for (const lang of languages) {
  test.describe(`A member's payment history for paying managers (${lang})`, () => {
    test('the operator opens a customer from the customer tab and sees the subscription with its invoice, and the one-time payments', async ({ page }) => {
      test.setTimeout(240_000);
      const buyer = await newBuyer(page, lang, 'buyer');

      // While the video is unpurchased the member asks for a bank transfer invoice, then opens a subscription
      // checkout in a second tab and pays the one-time price by card in the first.
      await openPremium(page, lang);
      await offer(page, ONE_TIME.nickname).getByRole('button', { name: t(lang, 'purchases:bankTransfer.open') }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(t(lang, 'purchases:bankTransfer.name')).fill(buyer.name);
      await dialog.getByLabel(t(lang, 'purchases:bankTransfer.email')).fill(buyer.email);
      await dialog.getByRole('button', { name: t(lang, 'purchases:bankTransfer.submit') }).click();
      const transferLink = dialog.getByRole('link', { name: t(lang, 'purchases:bankTransfer.openInvoice') });
      await expect(transferLink).toBeVisible();
      const transferUrl = (await transferLink.getAttribute('href'))!;
      await page.keyboard.press('Escape');

      const second = await page.context().newPage();
      await openPremium(second, lang);
      await offer(second, MONTHLY.nickname).getByRole('button', { name: t(lang, 'purchases:offer.subscribe') }).click();
      await expect(second).toHaveURL(/\/checkout\/pay\/cs_/);

      await offer(page, ONE_TIME.nickname).getByRole('button', { name: t(lang, 'purchases:offer.buy') }).click();
      await payWithCard(page, lang, '4242 4242 4242 4242', 'pay');
      await expect(page.locator('video')).toBeVisible({ timeout: 30_000 });
      await payWithCard(second, lang, '4242 4242 4242 4242', 'subscribe');
      await expect(second).toHaveURL(new RegExp(`/user/${DEMO_TEAM_ID}/video/${PREMIUM_VIDEO}\\?checkout=success`));
      // The subscription is stored when its webhook arrives.
      await expect(async () => {
        await second.goto(`/user/${DEMO_TEAM_ID}/purchased?lang=${lang}`);
        await expect(second.getByText(t(lang, 'purchases:state.trialing'), { exact: true })).toBeVisible({ timeout: 10_000 });
      }).toPass({ timeout: 60_000 });
      await second.close();

      // The member's own history: the subscription invoice says what it was for and the period it bills.
      await page.goto(`/user/${DEMO_TEAM_ID}/setting/paid_history?lang=${lang}`);
      const ownInvoice = page.getByRole('table').nth(1).locator('tbody tr');
      await expect(ownInvoice).toHaveCount(1);
      await expect(ownInvoice.getByText(PRODUCT, { exact: true })).toBeVisible();
      await expect(ownInvoice.getByText(MONTHLY.nickname, { exact: true })).toBeVisible();
      const [ownStart, ownEnd] = periodBounds(await ownInvoice.getByText(PERIOD).innerText(), lang);
      expect(ownEnd > ownStart).toBe(true);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: `${SCREENS}/member-history-phone-${lang}.png`, fullPage: true });
      await page.setViewportSize({ width: 1280, height: 720 });

      // The operator (super administrator: users and billing) finds the customer and opens the history.
      const admin = await adminPage(page, lang, demoAdmin);
      const row = await customerRow(admin, lang, buyer.email);
      await row.getByRole('link', { name: t(lang, 'users:actions.paymentHistoryOf', { name: buyer.name }) }).click();
      await expect(admin).toHaveURL(new RegExp(`/admin/user/${buyer.userId}/paid_history/subscription$`));
      await expect(admin.getByRole('heading', { level: 1, name: t(lang, 'payments:memberHistory.title') })).toBeVisible();
      await expect(admin.getByText(buyer.name, { exact: true })).toBeVisible();
      await expect(admin.getByText(buyer.email, { exact: true })).toBeVisible();
      await expect(admin.getByRole('tab', { name: t(lang, 'payments:memberHistory.tabs.subscription') })).toHaveAttribute('aria-selected', 'true');

      const panel = admin.getByRole('tabpanel');
      const [subscriptions, invoices] = [panel.getByRole('table').nth(0), panel.getByRole('table').nth(1)];
      const subscription = subscriptions.locator('tbody tr');
      await expect(subscription).toHaveCount(1);
      await expect(subscription.getByText(PRODUCT, { exact: true })).toBeVisible();
      await expect(subscription.getByText(MONTHLY.nickname, { exact: true })).toBeVisible();
      await expect(subscription.getByText(yen(lang, MONTHLY.amount), { exact: true })).toBeVisible();
      await expect(subscription.getByText(t(lang, 'payments:interval.month'), { exact: true })).toBeVisible();
      await expect(subscription.getByText(t(lang, 'payments:memberHistory.state.trialing'), { exact: true })).toBeVisible();
      await expect(subscription.getByText(t(lang, 'payments:memberHistory.no'), { exact: true })).toBeVisible();
      await expect(subscription.getByText(/^\d{4}\/\d{2}\/\d{2}$/)).toBeVisible();
      // The trial's first invoice (nothing to pay) is the only subscription invoice; the bank transfer one is not.
      const invoice = invoices.locator('tbody tr');
      await expect(invoice).toHaveCount(1);
      await expect(invoice.getByText(t(lang, 'payments:memberHistory.invoiceStatus.paid'), { exact: true })).toBeVisible();
      await expect(invoice.getByText(yen(lang, 0), { exact: true })).toBeVisible();
      // What it was for, and the period it bills (the trial's days), not the moment it was made.
      await expect(invoice.getByText(PRODUCT, { exact: true })).toBeVisible();
      await expect(invoice.getByText(MONTHLY.nickname, { exact: true })).toBeVisible();
      const [periodStart, periodEnd] = periodBounds(await invoice.getByText(PERIOD).innerText(), lang);
      expect(periodEnd > periodStart).toBe(true);
      await expect(invoice.getByRole('link', { name: t(lang, 'payments:memberHistory.invoices.open') })).toHaveAttribute('href', /\/invoice\/in_/);
      await admin.screenshot({ path: `${SCREENS}/subscription-${lang}.png`, fullPage: true });

      // The one-time subpage: the card payment and the bank transfer invoice still awaiting the transfer.
      await admin.getByRole('tab', { name: t(lang, 'payments:memberHistory.tabs.one_time') }).click();
      await expect(admin).toHaveURL(new RegExp(`/admin/user/${buyer.userId}/paid_history/one_time$`));
      await expect(admin.getByRole('tab', { name: t(lang, 'payments:memberHistory.tabs.one_time') })).toHaveAttribute('aria-selected', 'true');
      const payments = admin.getByRole('tabpanel').locator('tbody tr');
      await expect(payments).toHaveCount(2);
      const card = payments.filter({ hasText: t(lang, 'payments:memberHistory.method.card') });
      await expect(card.getByText(PRODUCT, { exact: true })).toBeVisible();
      await expect(card.getByText(ONE_TIME.nickname, { exact: true })).toBeVisible();
      await expect(card.getByText(yen(lang, withTax(ONE_TIME.amount)), { exact: true })).toBeVisible();
      await expect(card.getByText(t(lang, 'payments:memberHistory.state.success'), { exact: true })).toBeVisible();
      const transfer = payments.filter({ hasText: t(lang, 'payments:memberHistory.method.customer_balance') });
      await expect(transfer.getByText(yen(lang, await amountDue(transferUrl)), { exact: true })).toBeVisible();
      await expect(transfer.getByText(t(lang, 'payments:memberHistory.invoiceStatus.open'), { exact: true })).toBeVisible();
      await expect(transfer.getByRole('link', { name: t(lang, 'payments:memberHistory.invoices.open') })).toHaveAttribute('href', transferUrl);
      await admin.screenshot({ path: `${SCREENS}/one-time-${lang}.png`, fullPage: true });

      // The bare address opens the subscription subpage; the back link returns to the customer tab.
      await admin.goto(`/admin/user/${buyer.userId}/paid_history?lang=${lang}`);
      await expect(admin).toHaveURL(new RegExp(`/admin/user/${buyer.userId}/paid_history/subscription`));
      await admin.getByRole('link', { name: t(lang, 'payments:memberHistory.back') }).click();
      await expect(admin).toHaveURL(/\/admin\/user\?tab=customer$/);
      await admin.close();
    });

    test('a user manager without billing sees the customer but no history link, and the no-authority page at its address; a paying manager opens it', async ({ page }) => {
      test.setTimeout(180_000);
      // A member who bought once is a customer.
      const customer = await newBuyer(page, lang, 'customer');
      await openPremium(page, lang);
      await offer(page, ONE_TIME.nickname).getByRole('button', { name: t(lang, 'purchases:offer.buy') }).click();
      await payWithCard(page, lang, '4242 4242 4242 4242', 'pay');
      await expect(page.locator('video')).toBeVisible({ timeout: 30_000 });

      const userManager = await adminPage(page, lang, await newAdministrator(lang, 'userManager'));
      const row = await customerRow(userManager, lang, customer.email);
      await expect(row.getByRole('button', { name: t(lang, 'users:actions.deleteOne', { name: customer.name }) })).toBeVisible();
      await expect(row.getByRole('link', { name: t(lang, 'users:actions.paymentHistoryOf', { name: customer.name }) })).toHaveCount(0);

      await userManager.goto(`/admin/user/${customer.userId}/paid_history/one_time?lang=${lang}`);
      await expect(userManager.getByRole('heading', { level: 1, name: t(lang, 'common:noAuthority.title') })).toBeVisible();
      await expect(userManager.getByText(t(lang, 'common:noAuthority.body'))).toBeVisible();
      // The page never mounted: no history heading, no failed call.
      await expect(userManager.getByRole('heading', { name: t(lang, 'payments:memberHistory.title') })).toHaveCount(0);
      await expect(userManager.getByRole('alert')).toHaveCount(0);
      await userManager.screenshot({ path: `${SCREENS}/no-authority-${lang}.png`, fullPage: true });
      await userManager.close();

      // A paying manager who may not read members sees the history under the member's id: no subscription, one card payment.
      const payingManager = await adminPage(page, lang, await newAdministrator(lang, 'payingManager'));
      await payingManager.goto(`/admin/user/${customer.userId}/paid_history?lang=${lang}`);
      await expect(payingManager.getByRole('heading', { level: 1, name: t(lang, 'payments:memberHistory.title') })).toBeVisible();
      await expect(payingManager.getByText(t(lang, 'payments:memberHistory.memberId', { userId: customer.userId }))).toBeVisible();
      // The users list is not theirs to open, so no way back to it is offered.
      await expect(payingManager.getByRole('link', { name: t(lang, 'payments:memberHistory.back') })).toHaveCount(0);
      await expect(payingManager.getByText(t(lang, 'payments:memberHistory.subscriptions.empty'))).toBeVisible();
      await expect(payingManager.getByText(t(lang, 'payments:memberHistory.invoices.empty'))).toBeVisible();
      await payingManager.getByRole('tab', { name: t(lang, 'payments:memberHistory.tabs.one_time') }).click();
      const payment = payingManager.getByRole('tabpanel').locator('tbody tr');
      await expect(payment).toHaveCount(1);
      await expect(payment.getByText(t(lang, 'payments:memberHistory.method.card'), { exact: true })).toBeVisible();
      await expect(payment.getByText(t(lang, 'payments:memberHistory.state.success'), { exact: true })).toBeVisible();
      await payingManager.screenshot({ path: `${SCREENS}/paying-manager-${lang}.png`, fullPage: true });
      await payingManager.close();
    });
  });
}
