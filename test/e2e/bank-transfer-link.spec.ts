import { expect, test, type Browser, type Page } from '@playwright/test';
import { languages, t, type Lang } from './support/i18n';
import { logIn } from './support/operator';
import { DEMO_TEAM_ID } from './support/platform';
import { COUPON, demoShopStripe, invoiceIdOf, logInAdmin, MONTHLY, newDemoBuyer, ONE_TIME, PRODUCT, separatePage } from './support/shop';

const SCREENS = '.local/e2e-bank-transfer-link-screens';

/** The demo administrator on the price list of the demo product. */
async function openDemoPrices(page: Page, lang: Lang) {
  await logInAdmin(page, lang);
  await page.goto(`/admin/stripe/product?lang=${lang}`);
  await page.getByRole('link', { name: t(lang, 'payments:product.pricesOf', { name: PRODUCT }) }).click();
  await expect(page.getByRole('heading', { name: t(lang, 'payments:price.listTitle') })).toBeVisible();
}

/** A price's row on the admin price list, by its exact name (月額 is also the start of 月額プラス). */
const priceRow = (page: Page, nickname: string) => page.getByRole('row').filter({ has: page.getByRole('link', { name: nickname, exact: true }) });

/** The price id the row shows under its name. */
const priceIdOf = async (page: Page, nickname: string) => (await priceRow(page, nickname).getByText(/^price_/).innerText()).trim();

/** A member of the demo team in a browser of their own (nobody logged in), speaking `lang`. */
async function memberBrowser(browser: Browser, lang: Lang, label: string) {
  const { email, password } = await newDemoBuyer(lang, label);
  const page = await separatePage(browser, { locale: lang === 'ja' ? 'ja-JP' : 'en-US' });
  return { page, email, password, close: () => page.close() };
}

for (const lang of languages) {
  test.describe(`Bank-transfer link (${lang})`, () => {
    test('an operator copies the link of a one-time price; a logged-out member opens it, logs in and is invoiced with the coupon', async ({ page, browser }) => {
      test.setTimeout(120_000);
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
      await openDemoPrices(page, lang);

      // A recurring price has a link too (a subscription by transfer, bank-transfer-subscription.spec.ts), with its note.
      await expect(priceRow(page, MONTHLY.nickname).getByRole('button', { name: t(lang, 'payments:price.copyLink') })).toBeVisible();
      await expect(priceRow(page, MONTHLY.nickname).getByText(t(lang, 'payments:price.recurringTransferNote'))).toBeVisible();
      const oneTimeRow = priceRow(page, ONE_TIME.nickname);
      await oneTimeRow.getByRole('button', { name: t(lang, 'payments:price.copyLink') }).click();
      await expect(oneTimeRow.getByRole('button', { name: t(lang, 'payments:price.linkCopied') })).toBeVisible();
      await page.screenshot({ path: `${SCREENS}/admin-copied-${lang}.png`, fullPage: true });
      // What the CopyButton put on the clipboard (a string expression: the specs compile without the DOM types).
      const copied = String(await page.evaluate('navigator.clipboard.readText()'));
      const link = new URL(copied);
      expect(link.origin).toBe(new URL(test.info().project.use.baseURL!).origin);
      expect(link.pathname).toBe(`/login/${DEMO_TEAM_ID}`);
      expect(link.searchParams.get('isInvoicePayment')).toBe('true');
      const priceId = link.searchParams.get('price');
      expect(priceId).toBe(await priceIdOf(page, ONE_TIME.nickname));

      // The operator adds the coupon this buyer gets (SPEC §2 couponId) and sends the link.
      link.searchParams.set('couponId', COUPON);
      const member = await memberBrowser(browser, lang, 'buyer');
      await member.page.goto(link.toString());
      await logIn(member.page, lang, member.email, member.password);
      await expect(member.page).toHaveURL(new RegExp(`/user/${DEMO_TEAM_ID}/purchased\\?isInvoicePayment=true&price=${priceId}&couponId=${COUPON}$`));

      const dialog = member.page.getByRole('dialog', { name: t(lang, 'purchases:bankTransfer.title', { name: ONE_TIME.nickname }) });
      await expect(dialog).toBeVisible();
      const coupon = dialog.getByRole('textbox', { name: t(lang, 'purchases:offer.coupon') });
      await expect(coupon).toHaveValue(COUPON);
      await member.page.screenshot({ path: `${SCREENS}/member-dialog-${lang}.png`, fullPage: true });

      // The coupon stays editable; one Stripe does not know is refused in SPEC's words, under the field.
      await dialog.getByLabel(t(lang, 'purchases:bankTransfer.name')).fill('Taro Yamada');
      await dialog.getByLabel(t(lang, 'purchases:bankTransfer.email')).fill('taro@example.test');
      await coupon.fill('NOSUCHCOUPON');
      await dialog.getByRole('button', { name: t(lang, 'purchases:bankTransfer.submit') }).click();
      await expect(dialog.getByText(t(lang, 'errors:payment/invalid_coupon'))).toBeVisible();
      await expect(coupon).toHaveAttribute('aria-invalid', 'true');

      await coupon.fill(COUPON);
      await dialog.getByRole('button', { name: t(lang, 'purchases:bankTransfer.submit') }).click();
      await expect(dialog.getByRole('status')).toHaveText(t(lang, 'purchases:bankTransfer.issued'));
      const invoiceLink = dialog.getByRole('link', { name: t(lang, 'purchases:bankTransfer.openInvoice') });
      await expect(invoiceLink).toHaveAttribute('href', /\/invoice\/in_[0-9A-Za-z]+/);
      await member.page.screenshot({ path: `${SCREENS}/member-issued-${lang}.png`, fullPage: true });

      // Stripe holds an open bank-transfer invoice for that price, addressed to the recipient the member named.
      const invoiceId = invoiceIdOf((await invoiceLink.getAttribute('href'))!);
      const { stripe, stripeAccount } = await demoShopStripe();
      const invoice = await stripe.invoices.retrieve(invoiceId, {}, { stripeAccount });
      expect(invoice.status).toBe('open');
      expect(invoice.metadata?.priceId).toBe(priceId);
      expect(invoice.payment_settings.payment_method_types).toEqual(['customer_balance']);
      const customer = await stripe.customers.retrieve(String(invoice.customer), {}, { stripeAccount });
      expect(customer.deleted ? undefined : { name: customer.name, email: customer.email }).toEqual({ name: 'Taro Yamada', email: 'taro@example.test' });

      // Closing the dialog takes the link's query out of the address: a reload does not issue it again.
      await member.page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(member.page).toHaveURL(new RegExp(`/user/${DEMO_TEAM_ID}/purchased$`));
      await member.page.reload();
      await expect(member.page.getByRole('heading', { name: t(lang, 'purchases:purchased.title') })).toBeVisible();
      await expect(member.page.getByRole('dialog')).toHaveCount(0);
      await member.close();
    });

    test('a logged-in member opening a link to a recurring price is offered a subscription by transfer; an unknown price is told why not', async ({ page, browser }) => {
      test.setTimeout(90_000);
      await openDemoPrices(page, lang);
      const monthly = await priceIdOf(page, MONTHLY.nickname);

      const member = await memberBrowser(browser, lang, 'recurring');
      await member.page.goto(`/login/${DEMO_TEAM_ID}`);
      await logIn(member.page, lang, member.email, member.password);
      await expect(member.page).toHaveURL(new RegExp(`/user/${DEMO_TEAM_ID}$`));

      // Already logged in: the login link goes straight on to the purchases page.
      await member.page.goto(`/login/${DEMO_TEAM_ID}?isInvoicePayment=true&price=${monthly}`);
      await expect(member.page).toHaveURL(new RegExp(`/user/${DEMO_TEAM_ID}/purchased\\?isInvoicePayment=true&price=${monthly}$`));
      const dialog = member.page.getByRole('dialog', { name: t(lang, 'purchases:bankTransfer.title', { name: MONTHLY.nickname }) });
      await expect(dialog.getByText(t(lang, 'purchases:bankTransfer.subscriptionIntro'))).toBeVisible();
      // The demo monthly price has a 7-day trial: it starts at once, the first invoice comes when it ends.
      await expect(dialog.getByText(t(lang, 'purchases:bankTransfer.trial', { count: 7 }))).toBeVisible();
      await member.page.screenshot({ path: `${SCREENS}/member-recurring-${lang}.png`, fullPage: true });

      // Closing the dialog ends the link.
      await member.page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(member.page).toHaveURL(new RegExp(`/user/${DEMO_TEAM_ID}/purchased$`));

      // A price id the shop does not have (a mistyped or deleted link).
      await member.page.goto(`/login/${DEMO_TEAM_ID}?isInvoicePayment=true&price=price_NoSuchPrice0001`);
      await expect(member.page).toHaveURL(new RegExp(`/user/${DEMO_TEAM_ID}/purchased\\?`));
      await expect(member.page.getByRole('alert').filter({ hasText: t(lang, 'purchases:invoiceLink.unknownPrice') })).toBeVisible();
      await member.close();
    });
  });
}
