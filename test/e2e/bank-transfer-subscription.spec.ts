import { expect, test, type Browser, type Page } from '@playwright/test';
import { languages, t, type Lang } from './support/i18n';
import { logIn } from './support/operator';
import { DEMO_TEAM_ID, platformModules } from './support/platform';
import { demoShopStripe, invoiceIdOf, logInAdmin, MONTHLY_PLUS, newDemoBuyer, openPremium, PRODUCT, separatePage, simulateBankTransfer, withTax, yen } from './support/shop';

/**
 * A subscription by bank transfer (issue 27): the operator copies the bank-transfer link of a recurring price from
 * the price list (which says what it means), a member opens it, logs in and subscribes; Stripe's first invoice
 * shows the transfer details; the test makes the transfer arrive on the stand-in's invoice page (as the one-time
 * transfer spec does); the member then has access and sees the subscription and its paid invoice. Both languages,
 * phone width looked at. What it adds to the demo team (members, their Stripe subscriptions) is taken away after.
 */
const SCREENS = '.local/e2e-bank-transfer-subscription';

const created: { userId: string; subscriptionId?: string }[] = [];

test.afterAll(async () => {
  const { stripe, stripeAccount } = await demoShopStripe();
  const { db, teamUser } = await platformModules();
  for (const { userId, subscriptionId } of created.splice(0)) {
    if (subscriptionId) {
      const sub = await stripe.subscriptions.retrieve(subscriptionId, {}, { stripeAccount });
      if (sub.status !== 'canceled') await stripe.subscriptions.cancel(subscriptionId, {}, { stripeAccount });
    }
    const user = await teamUser.getTeamUser(DEMO_TEAM_ID, userId, true);
    if (user) await db.transact(teamUser.deleteTeamUserOps(user));
  }
});

async function memberBrowser(browser: Browser, lang: Lang, label: string) {
  const buyer = await newDemoBuyer(lang, label);
  created.push({ userId: buyer.userId });
  const page = await separatePage(browser, { locale: lang === 'ja' ? 'ja-JP' : 'en-US' });
  return { page, ...buyer };
}

const priceRow = (page: Page, nickname: string) => page.getByRole('row').filter({ has: page.getByRole('link', { name: nickname, exact: true }) });

for (const lang of languages) {
  test.describe(`Subscription by bank transfer (${lang})`, () => {
    test('a member subscribes to a recurring price by transfer, the transfer arrives, and they have access and the record', async ({ page, browser }) => {
      // The priced demo video may still be encoding after a fresh start (openPremium waits for it).
      test.setTimeout(360_000);
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
      await logInAdmin(page, lang);
      await page.goto(`/admin/stripe/product?lang=${lang}`);
      await page.getByRole('link', { name: t(lang, 'payments:product.pricesOf', { name: PRODUCT }) }).click();

      // The recurring price has its link, and the row says what a subscription by transfer means.
      const row = priceRow(page, MONTHLY_PLUS.nickname);
      await expect(row.getByText(t(lang, 'payments:price.recurringTransferNote'))).toBeVisible();
      await row.getByRole('button', { name: t(lang, 'payments:price.copyLink') }).click();
      await expect(row.getByRole('button', { name: t(lang, 'payments:price.linkCopied') })).toBeVisible();
      const link = new URL(String(await page.evaluate('navigator.clipboard.readText()')));
      expect(link.pathname).toBe(`/login/${DEMO_TEAM_ID}`);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: `${SCREENS}/admin-price-list-phone-${lang}.png`, fullPage: true });

      // The member opens the link, logs in, and the dialog tells them it is a subscription invoiced each period.
      const member = await memberBrowser(browser, lang, 'transfer-sub');
      await member.page.setViewportSize({ width: 390, height: 844 });
      await member.page.goto(link.toString());
      await logIn(member.page, lang, member.email, member.password);
      const dialog = member.page.getByRole('dialog', { name: t(lang, 'purchases:bankTransfer.title', { name: MONTHLY_PLUS.nickname }) });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByText(t(lang, 'purchases:bankTransfer.subscriptionIntro'))).toBeVisible();
      await dialog.getByLabel(t(lang, 'purchases:bankTransfer.name')).fill('Taro Yamada');
      await dialog.getByLabel(t(lang, 'purchases:bankTransfer.email')).fill('taro@example.test');
      await member.page.screenshot({ path: `${SCREENS}/member-dialog-phone-${lang}.png`, fullPage: true });
      await dialog.getByRole('button', { name: t(lang, 'purchases:bankTransfer.submit') }).click();
      await expect(dialog.getByRole('status')).toHaveText(t(lang, 'purchases:bankTransfer.issued'));
      await expect(dialog.getByText(t(lang, 'purchases:bankTransfer.renewals'))).toBeVisible();
      const invoiceLink = dialog.getByRole('link', { name: t(lang, 'purchases:bankTransfer.openInvoice') });
      const href = (await invoiceLink.getAttribute('href'))!;
      await member.page.screenshot({ path: `${SCREENS}/member-issued-phone-${lang}.png`, fullPage: true });

      // On Stripe: a send_invoice subscription payable by customer balance, its first invoice open for the full amount.
      const { stripe, stripeAccount } = await demoShopStripe();
      const invoice = await stripe.invoices.retrieve(invoiceIdOf(href), {}, { stripeAccount });
      expect(invoice).toMatchObject({ status: 'open', amount_due: withTax(MONTHLY_PLUS.amount), collection_method: 'send_invoice' });
      const subscriptionId = String(invoice.parent?.subscription_details?.subscription);
      created[created.length - 1]!.subscriptionId = subscriptionId;
      expect((await stripe.subscriptions.retrieve(subscriptionId, {}, { stripeAccount })).payment_settings?.payment_method_types).toEqual(['customer_balance']);

      // Nothing is paid yet: the video stays closed.
      await openPremium(member.page, lang);
      await expect(member.page.locator('video')).toHaveCount(0);

      // The transfer arrives (the stand-in's invoice page, as Stripe's test mode offers it).
      await simulateBankTransfer(await separatePage(browser, { locale: lang === 'ja' ? 'ja-JP' : 'en-US' }), href, lang);

      // Access comes with the webhook; the purchases page shows the subscription as paid by transfer.
      await expect(async () => {
        await openPremium(member.page, lang);
        await expect(member.page.locator('video')).toBeVisible();
      }).toPass({ timeout: 30_000 });
      await member.page.goto(`/user/${DEMO_TEAM_ID}/purchased?lang=${lang}`);
      const card = member.page.locator('div', { has: member.page.getByRole('heading', { name: PRODUCT }) }).filter({ hasText: MONTHLY_PLUS.nickname }).last();
      await expect(card.getByText(t(lang, 'purchases:state.active'), { exact: true })).toBeVisible();
      await expect(card.getByText(t(lang, 'purchases:purchased.byTransfer'))).toBeVisible();
      await expect(card.getByRole('button', { name: t(lang, 'purchases:purchased.changeCard') })).toHaveCount(0);
      await member.page.screenshot({ path: `${SCREENS}/member-purchased-phone-${lang}.png`, fullPage: true });

      // The payment history lists the paid invoice, for the amount transferred.
      await card.getByRole('link', { name: t(lang, 'purchases:purchased.transferInvoices') }).click();
      await expect(member.page).toHaveURL(new RegExp(`/user/${DEMO_TEAM_ID}/setting/paid_history`));
      const invoiceRow = member.page.getByRole('row').filter({ hasText: yen(lang, withTax(MONTHLY_PLUS.amount)) });
      await expect(invoiceRow.getByText(t(lang, 'purchases:invoiceStatus.paid'), { exact: true })).toBeVisible();
      await member.page.screenshot({ path: `${SCREENS}/member-history-phone-${lang}.png`, fullPage: true });
      await member.page.close();
    });
  });
}
