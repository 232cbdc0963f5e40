import { describe, expect, it } from 'vitest';
import { invoicePaymentLoginUrl, invoicePaymentPath, readInvoicePaymentLink, withoutInvoicePayment } from '../../../web/src/lib/invoice-payment-link';

const T = '01DEMOTEAM0000000000000000';
const query = (search: string) => new URLSearchParams(search);

describe('bank-transfer link (SPEC §2 /login/:teamId?isInvoicePayment&price&couponId)', () => {
  it('is the member login of the team with the price, as the admin price list copies it', () => {
    expect(invoicePaymentLoginUrl('https://app.example', T, 'price_123')).toBe(`https://app.example/login/${T}?isInvoicePayment=true&price=price_123`);
  });

  it('reads the price and the coupon only when isInvoicePayment is true and a price is named', () => {
    expect(readInvoicePaymentLink(query('isInvoicePayment=true&price=price_1&couponId=WELCOME20'))).toEqual({ price: 'price_1', coupon: 'WELCOME20' });
    expect(readInvoicePaymentLink(query('isInvoicePayment=true&price=price_1'))).toEqual({ price: 'price_1' });
    expect(readInvoicePaymentLink(query('isInvoicePayment=true&price=price_1&couponId='))).toEqual({ price: 'price_1' });
    expect(readInvoicePaymentLink(query('isInvoicePayment=false&price=price_1'))).toBeUndefined();
    expect(readInvoicePaymentLink(query('isInvoicePayment=true'))).toBeUndefined();
    expect(readInvoicePaymentLink(query('price=price_1'))).toBeUndefined();
    expect(readInvoicePaymentLink(query('redirectPath=%2Fuser%2Fx'))).toBeUndefined();
  });

  it('leads to the purchases page with the same query, whatever the link carried besides', () => {
    const link = readInvoicePaymentLink(query('redirectPath=%2Felsewhere&isInvoicePayment=true&price=price_1&couponId=A-1'))!;
    expect(invoicePaymentPath(T, link)).toBe(`/user/${T}/purchased?isInvoicePayment=true&price=price_1&couponId=A-1`);
    expect(invoicePaymentPath(T, { price: 'price_1' })).toBe(`/user/${T}/purchased?isInvoicePayment=true&price=price_1`);
  });

  it('drops only its own keys from the address once the dialog is closed', () => {
    expect(withoutInvoicePayment(query('isInvoicePayment=true&price=price_1&couponId=A&lang=en')).toString()).toBe('lang=en');
  });
});
