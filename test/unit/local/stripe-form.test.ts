import { describe, expect, it } from 'vitest';
import { parseForm } from '../../../local/stripe/form';

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
