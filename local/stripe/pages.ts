import { amount, escape, frame, type Locale } from './checkout-page';

/**
 * The local Stripe stand-in's other hosted pages, plain HTML without script like its checkout page, in Japanese or
 * English: Connect onboarding (`/connect/onboard/<token>`), 3-D Secure authentication of a payment
 * (`/checkout/authenticate/<pi_…>`) and an invoice's hosted page with bank transfer instructions (`/invoice/<in_…>`).
 */

/** The page's language: `?locale=` first, then the browser's Accept-Language, else English. */
export const localeOf = (query: URLSearchParams, acceptLanguage: string | undefined): Locale => {
  const asked = query.get('locale') ?? acceptLanguage ?? '';
  return /^\s*ja\b/i.test(asked) ? 'ja' : 'en';
};

const TEXTS = {
  en: {
    onboardTitle: 'Set up payments for your account',
    onboardBody: 'This stands in for Stripe Connect onboarding. In test mode nothing is asked: completing it lets the account take payments and receive payouts.',
    onboardDone: 'Complete onboarding (test mode)',
    linkGone: 'This onboarding link has expired or was already used.',
    linkRefresh: 'Get a new link',
    authTitle: 'Authenticate this payment (3-D Secure test)',
    authOk: 'Complete authentication',
    authFail: 'Fail authentication',
    authDone: 'This payment needs no authentication now.',
    invoice: 'Invoice',
    amountDue: 'Amount due',
    dueDate: 'Due date',
    paid: 'This invoice is paid. Thank you.',
    closed: 'This invoice can no longer be paid.',
    transferTitle: 'Pay by bank transfer',
    bank: 'Bank',
    branch: 'Branch',
    accountType: 'Account type',
    accountNumber: 'Account number',
    holder: 'Account holder',
    bankName: 'Local Test Bank',
    branchName: 'Main branch (001)',
    ordinary: 'Ordinary',
    simulate: 'Simulate bank transfer (test mode)',
    cardOnly: 'This invoice is paid by card; no bank transfer is needed.',
  },
  ja: {
    onboardTitle: 'アカウントの支払い設定',
    onboardBody: 'Stripe Connect のオンボーディングの代わりです。テストモードでは入力は不要で、完了するとこのアカウントで決済と入金ができるようになります。',
    onboardDone: 'オンボーディングを完了する（テストモード）',
    linkGone: 'このオンボーディングのリンクは期限切れか、すでに使用されています。',
    linkRefresh: '新しいリンクを取得する',
    authTitle: 'この支払いの本人認証（3-D セキュアのテスト）',
    authOk: '認証を完了する',
    authFail: '認証に失敗する',
    authDone: 'この支払いには現在本人認証は必要ありません。',
    invoice: '請求書',
    amountDue: '請求額',
    dueDate: '支払期限',
    paid: 'この請求書は支払い済みです。ありがとうございました。',
    closed: 'この請求書はもう支払えません。',
    transferTitle: '銀行振込で支払う',
    bank: '銀行',
    branch: '支店',
    accountType: '口座種別',
    accountNumber: '口座番号',
    holder: '口座名義',
    bankName: 'ローカルテスト銀行',
    branchName: '本店 (001)',
    ordinary: '普通',
    simulate: '銀行振込をシミュレートする（テストモード）',
    cardOnly: 'この請求書はカードで支払われます。振込は不要です。',
  },
} satisfies Record<Locale, Record<string, string>>;

const withLocale = (path: string, lang: Locale) => `${path}?locale=${lang}`;
const button = (action: string, name: string, label: string, secondary = false) =>
  `<form method="post" action="${escape(action)}"><input type="hidden" name="action" value="${name}"><button type="submit"${secondary ? ' class="secondary"' : ''}>${label}</button></form>`;

export function onboardingPage(lang: Locale, path: string, account: { id: string; email: string | null }): string {
  const t = TEXTS[lang];
  return frame(lang, t.onboardTitle, `<h1>${t.onboardTitle}</h1><p><strong>${escape(account.email ?? account.id)}</strong></p><p>${t.onboardBody}</p>${button(withLocale(path, lang), 'complete', t.onboardDone)}`);
}

export function linkGonePage(lang: Locale, refreshUrl: string | null): string {
  const t = TEXTS[lang];
  return frame(lang, t.linkGone, `<p role="alert">${t.linkGone}</p>${refreshUrl ? `<p><a href="${escape(refreshUrl)}">${t.linkRefresh}</a></p>` : ''}`);
}

export function authenticatePage(lang: Locale, path: string, intent: { amount: number; currency: string; status: string }): string {
  const t = TEXTS[lang];
  if (intent.status !== 'requires_action') return frame(lang, t.authTitle, `<p>${t.authDone}</p>`);
  const action = withLocale(path, lang);
  return frame(lang, t.authTitle, `<h1>${t.authTitle}</h1><p><strong>${amount(intent.amount, intent.currency, lang)}</strong></p>${button(action, 'authenticated', t.authOk)}${button(action, 'authentication_failed', t.authFail, true)}`);
}

export function invoicePage(
  lang: Locale,
  path: string,
  invoice: { number: string | null; status: string | null; amount_remaining: number; amount_due: number; currency: string; due_date: number | null; bankTransfer: boolean; customer: string },
): string {
  const t = TEXTS[lang];
  const due = invoice.due_date ? new Date(invoice.due_date * 1000).toLocaleDateString(lang === 'ja' ? 'ja-JP' : 'en-US', { timeZone: 'Asia/Tokyo' }) : '';
  const head = `<h1>${t.invoice} ${escape(invoice.number ?? '')}</h1><p>${t.amountDue}: <strong>${amount(invoice.amount_due, invoice.currency, lang)}</strong></p>${due ? `<p>${t.dueDate}: ${due}</p>` : ''}`;
  if (invoice.status === 'paid') return frame(lang, t.invoice, `${head}<p>${t.paid}</p>`);
  if (invoice.status !== 'open') return frame(lang, t.invoice, `${head}<p role="alert">${t.closed}</p>`);
  if (!invoice.bankTransfer) return frame(lang, t.invoice, `${head}<p>${t.cardOnly}</p>`);
  // A virtual account per customer, as Stripe's jp_bank_transfer gives each customer its own.
  const accountNumber = String([...invoice.customer].reduce((h, c) => (h * 31 + c.charCodeAt(0)) % 10_000_000, 7)).padStart(7, '0');
  const rows = [
    [t.bank, t.bankName],
    [t.branch, t.branchName],
    [t.accountType, t.ordinary],
    [t.accountNumber, accountNumber],
    [t.holder, 'ﾛｰｶﾙｽﾄﾗｲﾌﾟ (LOCAL STRIPE)'],
  ]
    .map(([k, v]) => `<tr><th style="text-align:left">${k}</th><td>${escape(v)}</td></tr>`)
    .join('');
  return frame(lang, t.invoice, `${head}<h2>${t.transferTitle}</h2><table>${rows}</table>${button(withLocale(path, lang), 'simulate_transfer', t.simulate)}`);
}
