import type Stripe from 'stripe';

/**
 * The local Stripe server's hosted checkout page: plain HTML, no script, in the session's locale (ja or en),
 * standing in for Stripe's own page. Its labels are the stand-in's, not the product's (the product's strings
 * live in web/src/i18n).
 */
export type Locale = 'ja' | 'en';

const LABELS: Record<Locale, Record<string, string>> = {
  en: {
    title: 'Pay with a test card',
    card: 'Card number',
    expiry: 'Expiry (MM / YY)',
    cvc: 'CVC',
    pay: 'Pay',
    subscribe: 'Subscribe',
    cancel: 'Cancel and go back',
    authTitle: 'Authentication required (3-D Secure test)',
    authOk: 'Complete authentication',
    authFail: 'Fail authentication',
    trial: 'Free trial days',
    total: 'Total',
    setupTitle: 'Save a card for future payments',
    save: 'Save card',
    note: 'Local Stripe stand-in: 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined, 4000 0000 0000 9995 has insufficient funds, 4000 0025 0000 3155 asks for authentication, 4000 0000 0000 0341 is saved but every later charge is declined.',
  },
  ja: {
    title: 'テストカードで支払う',
    card: 'カード番号',
    expiry: '有効期限 (MM / YY)',
    cvc: 'セキュリティコード',
    pay: '支払う',
    subscribe: '申し込む',
    cancel: 'キャンセルして戻る',
    authTitle: '本人認証が必要です（3-D セキュアのテスト）',
    authOk: '認証を完了する',
    authFail: '認証に失敗する',
    trial: '無料トライアル日数',
    total: '合計',
    setupTitle: '今後の支払いに使うカードを登録',
    save: 'カードを登録する',
    note: 'ローカルの Stripe 代替: 4242 4242 4242 4242 は成功、4000 0000 0000 0002 は拒否、4000 0000 0000 9995 は残高不足、4000 0025 0000 3155 は本人認証が必要、4000 0000 0000 0341 は登録できますが以後の請求はすべて拒否されます。',
  },
};

export const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export const amount = (value: number, currency: string, locale: Locale) =>
  new Intl.NumberFormat(locale === 'ja' ? 'ja-JP' : 'en-US', { style: 'currency', currency: currency.toUpperCase() }).format(currency === 'jpy' ? value : value / 100);

export const frame = (lang: Locale, title: string, body: string) => `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<style>
body{font-family:system-ui,sans-serif;background:#f6f9fc;margin:0;padding:24px;color:#1a1f36}
main{max-width:420px;margin:0 auto;background:#fff;border-radius:8px;padding:24px;box-shadow:0 2px 8px rgba(0,0,0,.08)}
label{display:block;margin:12px 0 4px;font-size:14px}
input{width:100%;box-sizing:border-box;padding:10px;font-size:16px;border:1px solid #ccd;border-radius:6px}
button{width:100%;margin-top:16px;padding:12px;font-size:16px;border:0;border-radius:6px;background:#635bff;color:#fff;cursor:pointer}
button.secondary{background:#e3e8ee;color:#1a1f36}
p[role=alert]{color:#b00020;background:#fdecea;padding:8px;border-radius:6px}
small{color:#697386}
</style></head><body><main>${body}</main></body></html>`;

export function checkoutPage(view: {
  session: Pick<Stripe.Checkout.Session, 'id' | 'mode' | 'amount_total' | 'currency' | 'locale' | 'cancel_url'>;
  /** Absent in setup mode, which buys nothing. */
  productName?: string;
  price?: { recurring: Stripe.Price.Recurring | null };
  error?: string;
  authenticate?: boolean;
}): string {
  const lang: Locale = view.session.locale === 'ja' ? 'ja' : 'en';
  const l = LABELS[lang];
  const action = `/checkout/pay/${view.session.id}`;
  const recurring = view.price?.recurring;
  const summary =
    view.session.mode === 'setup'
      ? `<h1>${l.setupTitle}</h1>`
      : `<h1>${escape(view.productName ?? '')}</h1>
<p>${l.total}: <strong>${amount(view.session.amount_total ?? 0, view.session.currency ?? 'jpy', lang)}</strong>${
          recurring ? ` / ${escape(recurring.interval)}${recurring.trial_period_days ? ` · ${l.trial}: ${recurring.trial_period_days}` : ''}` : ''
        }</p>`;
  const submit = view.session.mode === 'setup' ? l.save : view.session.mode === 'subscription' ? l.subscribe : l.pay;
  if (view.authenticate) {
    return frame(
      lang,
      l.authTitle,
      `${summary}<h2>${l.authTitle}</h2>
<form method="post" action="${action}"><input type="hidden" name="action" value="authenticated"><button type="submit">${l.authOk}</button></form>
<form method="post" action="${action}"><input type="hidden" name="action" value="authentication_failed"><button type="submit" class="secondary">${l.authFail}</button></form>`,
    );
  }
  return frame(
    lang,
    view.session.mode === 'setup' ? l.setupTitle : l.title,
    `${summary}${view.session.mode === 'setup' ? '' : `<h2>${l.title}</h2>`}
${view.error ? `<p role="alert">${escape(view.error)}</p>` : ''}
<form method="post" action="${action}">
<label for="card_number">${l.card}</label><input id="card_number" name="card_number" inputmode="numeric" autocomplete="cc-number" required>
<label for="expiry">${l.expiry}</label><input id="expiry" name="expiry" autocomplete="cc-exp" required>
<label for="cvc">${l.cvc}</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" required>
<button type="submit">${submit}</button>
</form>
<form method="post" action="${action}"><input type="hidden" name="action" value="cancel"><button type="submit" class="secondary">${l.cancel}</button></form>
<p><small>${l.note}</small></p>`,
  );
}

/** A page for a session that cannot be paid any more (or never existed). */
export const resultPage = (message: string): string => frame('en', message, `<p>${escape(message)}</p>`);
