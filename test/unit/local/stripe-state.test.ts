import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeStandIn, type StripeStandIn } from '../../../local/stripe/server';

/** A state file as the stand-in wrote it before invoices had lines, payments and payment settings. */
const earlier = {
  objects: {
    platform: {
      cus_old: { id: 'cus_old', object: 'customer', created: 1_700_000_000, email: 'old@example.test', metadata: {}, invoice_settings: { default_payment_method: null } },
      in_old: {
        id: 'in_old',
        object: 'invoice',
        customer: 'cus_old',
        status: 'paid',
        amount_due: 1200,
        amount_paid: 1200,
        currency: 'jpy',
        created: 1_700_000_000,
        livemode: false,
        period_start: 1_700_000_000,
        period_end: 1_702_592_000,
        parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_old', metadata: {} } },
      },
    },
  },
  idempotent: {},
  plans: {},
  secrets: {},
};

describe('the local Stripe stand-in reading an earlier state file', () => {
  let dir: string;
  let standIn: StripeStandIn;
  let stripe: Stripe;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'stripe-state-'));
    const stateFile = join(dir, 'state.json');
    writeFileSync(stateFile, JSON.stringify(earlier));
    standIn = await startStripeStandIn({ port: 0, secretKey: 'sk_test_local', stateFile });
    stripe = new Stripe('sk_test_local', { host: '127.0.0.1', port: standIn.port, protocol: 'http', maxNetworkRetries: 0 });
  });

  afterAll(async () => {
    await standIn.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers its old invoices with empty lines and payments', async () => {
    const [invoice] = (await stripe.invoices.list({ customer: 'cus_old' })).data;
    expect(invoice).toMatchObject({ id: 'in_old', status: 'paid', lines: { object: 'list', data: [] }, payments: { data: [] }, status_transitions: { paid_at: 1_700_000_000 } });
  });

  it('takes new payments beside them', async () => {
    const intent = await stripe.paymentIntents.create({ amount: 500, currency: 'jpy', customer: 'cus_old', payment_method: 'pm_card_visa', confirm: true });
    expect(intent.status).toBe('succeeded');
  });
});
