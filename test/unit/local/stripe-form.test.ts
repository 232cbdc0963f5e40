import { describe, expect, it } from 'vitest';
import { parseForm, section, strings } from '../../../local/stripe/form';

describe("parseForm (Stripe's bracket form encoding)", () => {
  it('nests bracketed keys into objects and indexed keys into arrays', () => {
    const body = 'name=Course&metadata[videoId]=v1&recurring[interval]=month&recurring[trial_period_days]=7&expand[0]=data.product&expand[1]=customer';
    expect(parseForm(body)).toEqual({
      name: 'Course',
      metadata: { videoId: 'v1' },
      recurring: { interval: 'month', trial_period_days: '7' },
      expand: ['data.product', 'customer'],
    });
  });

  it('builds arrays of objects (line items) and decodes escaped text', () => {
    const body = 'line_items[0][price]=price_1&line_items[0][quantity]=1&line_items[1][price]=price_2&description=%E5%8B%95%E7%94%BB+%26+PDF';
    expect(parseForm(body)).toEqual({ line_items: [{ price: 'price_1', quantity: '1' }, { price: 'price_2' }], description: '動画 & PDF' });
  });

  it('reads an empty body as no parameters', () => {
    expect(parseForm('')).toEqual({});
  });
});

describe('nested and list parameters', () => {
  it('reads a bracketed group as its own form, and an absent or flat one as empty', () => {
    const form = parseForm('payment_settings[payment_method_types][0]=customer_balance&customer=cus_1');
    expect(section(form, 'payment_settings')).toEqual({ payment_method_types: ['customer_balance'] });
    expect(section(form, 'customer')).toEqual({});
    expect(section(form, 'subscription_details')).toEqual({});
  });

  it('reads a list as its strings, and anything else as none', () => {
    const form = parseForm('allowed_payment_method_types[0]=card&allowed_payment_method_types[1]=customer_balance&currency=jpy');
    expect(strings(form.allowed_payment_method_types)).toEqual(['card', 'customer_balance']);
    expect(strings(form.currency)).toEqual([]);
    expect(strings(undefined)).toEqual([]);
  });
});
