/** The local platform's Stripe secret key: the stand-in accepts only this one, as Stripe accepts only the account's. */
export const LOCAL_STRIPE_SECRET_KEY = 'sk_test_local_platform';
