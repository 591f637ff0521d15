import type { PaymentStatus } from '@sira/shared/schemas/billing';
import { api } from '~/lib/api-client';

/** One check of the callback page: the server asks Paylink and credits the package when it is paid. */
export const confirmPayment = (reference: string) =>
  api<PaymentStatus>('/api/billing/invoices/confirm', { method: 'POST', json: { reference } });
