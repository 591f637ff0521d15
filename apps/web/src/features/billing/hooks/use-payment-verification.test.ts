import { paymentCallbackTexts } from '@sira/shared/messages/billing';
import { describe, expect, it } from 'vitest';
import { afterVerification, referenceFrom } from './use-payment-verification';

describe('the payment reference on the callback page', () => {
  it("reads Paylink's transaction number whatever the case of its name (its payment page capitalises it)", () => {
    expect(referenceFrom(new URLSearchParams('TransactionNo=1707943132122&OrderNumber=sira-1'))).toBe('1707943132122');
    expect(referenceFrom(new URLSearchParams('transactionNo=1707943132122&orderNumber=sira-1'))).toBe('1707943132122');
    expect(referenceFrom(new URLSearchParams('orderNumber=sira-1&transactionNo=1707943132122'))).toBe('1707943132122');
  });

  it('falls back to the older spellings and the order number, and is null when none came', () => {
    expect(referenceFrom(new URLSearchParams('transaction_no=17'))).toBe('17');
    expect(referenceFrom(new URLSearchParams('OrderNumber=sira-2'))).toBe('sira-2');
    expect(referenceFrom(new URLSearchParams('TransactionNo=%20&x=1'))).toBeNull();
    expect(referenceFrom(new URLSearchParams(''))).toBeNull();
  });
});

describe('where the callback page goes when the check is over', () => {
  const search = new URLSearchParams('transactionNo=17');
  it('to the dashboard after success, the invoice history when the checks ran out, else the pricing page', () => {
    expect(afterVerification({ kind: 'success', packageName: 'باقة نمو', activePackageName: 'باقة نمو' }, search)).toBe('/dashboard');
    expect(afterVerification({ kind: 'error', message: paymentCallbackTexts.attemptsExhausted, signedOut: false }, search)).toBe(
      '/billing',
    );
    expect(afterVerification({ kind: 'error', message: paymentCallbackTexts.failed, signedOut: false }, search)).toBe('/pricing');
    expect(afterVerification({ kind: 'checking', attempt: 2 }, search)).toBeNull();
  });
  it('to sign-in, coming back to this very callback, when the session had ended', () => {
    const next = afterVerification({ kind: 'error', message: 'x', signedOut: true }, search);
    expect(next).toMatch(/^\/login\?from=/);
    expect(decodeURIComponent(next?.split('from=')[1] ?? '')).toBe('/payment-callback?transactionNo=17');
  });
});
