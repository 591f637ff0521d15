import { PAYMENT_POLLING, paths } from '@sira/shared';
import { paymentCallbackTexts as t } from '@sira/shared/messages/billing';
import { useEffect, useState } from 'react';
import { ApiRequestError } from '~/lib/api-client';
import { loginHref } from '~/lib/safe-return';
import { confirmPayment } from '../api/confirm-payment';

export type Verification =
  | { kind: 'checking'; attempt: number }
  | { kind: 'success'; packageName: string | null; activePackageName: string | null }
  | { kind: 'error'; message: string; signedOut: boolean };

/**
 * Paylink adds transactionNo (and orderNumber) to the callback — capitalised (TransactionNo, OrderNumber) by
 * its payment-processing page (integrations.md §A5); older integrations use other spellings. Names are
 * matched whatever their case, Paylink's transaction number first.
 */
export function referenceFrom(search: URLSearchParams): string | null {
  const byName = new Map<string, string>();
  for (const [name, value] of search) {
    const key = name.toLowerCase();
    if (!byName.has(key) && value.trim()) byName.set(key, value.trim());
  }
  for (const key of ['transactionno', 'transaction_no', 'order_number', 'ordernumber']) {
    const value = byName.get(key);
    if (value) return value;
  }
  return null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The callback page's polling (spec §4, §9): up to 10 checks, 2 s apart. Completed is success; pending or
 * processing waits and asks again; failed, an unknown invoice or a lost session end at once. A network blip
 * or server error only costs one attempt: telling a paying user their payment failed would be worse.
 */
export function usePaymentVerification(reference: string | null): Verification {
  const [state, setState] = useState<Verification>(
    reference ? { kind: 'checking', attempt: 1 } : { kind: 'error', message: t.missingReference, signedOut: false },
  );

  useEffect(() => {
    if (!reference) return;
    let cancelled = false;
    const set = (next: Verification) => {
      if (!cancelled) setState(next);
    };
    void (async () => {
      for (let attempt = 1; attempt <= PAYMENT_POLLING.attempts; attempt++) {
        if (cancelled) return;
        set({ kind: 'checking', attempt });
        try {
          const result = await confirmPayment(reference);
          if (result.status === 'completed')
            return set({ kind: 'success', packageName: result.packageName, activePackageName: result.activePackageName });
          if (result.status === 'failed') return set({ kind: 'error', message: t.failed, signedOut: false });
        } catch (error) {
          if (error instanceof ApiRequestError && error.status === 401) {
            return set({ kind: 'error', message: error.message, signedOut: true });
          }
          if (error instanceof ApiRequestError && error.status === 404) {
            return set({ kind: 'error', message: t.notFound, signedOut: false });
          }
        }
        if (attempt < PAYMENT_POLLING.attempts) await sleep(PAYMENT_POLLING.intervalMs);
      }
      set({ kind: 'error', message: t.attemptsExhausted, signedOut: false });
    })();
    return () => {
      cancelled = true;
    };
  }, [reference]);

  return state;
}

/**
 * Where the callback page goes once the check is over: the dashboard after success; after an error the
 * pricing page — or the invoice history when the checks ran out (the message asks the user to review it), or
 * sign-in, coming back here, when the session had ended.
 */
export function afterVerification(state: Verification, search: URLSearchParams): string | null {
  if (state.kind === 'success') return paths.dashboard;
  if (state.kind !== 'error') return null;
  if (state.signedOut) return loginHref(`${paths.paymentCallback}?${search.toString()}`);
  return state.message === t.attemptsExhausted ? paths.billing : paths.pricing;
}
