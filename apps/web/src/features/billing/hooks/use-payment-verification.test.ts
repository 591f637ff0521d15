import { describe, expect, it } from 'vitest';
import { referenceFrom } from './use-payment-verification';

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
