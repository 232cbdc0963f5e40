/**
 * The one form of an e-mail address wherever it is stored, looked up, searched, mailed or sent to the user pool and
 * Stripe: trimmed, lower case. The user pool compares sign-in names case-insensitively (lib/stacks/auth-stack.ts
 * `signInCaseSensitive: false`), so `Acc.Cap@Example.com` and `acc.cap@example.com` are one account; storing and
 * comparing one form keeps the table, the pool and the mail log agreeing on that. No zod here: the web's sign-in
 * (web/src/lib/auth.ts) uses it without loading a schema library.
 */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();
