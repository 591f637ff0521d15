import type { CreatedInvoice } from '@sira/shared/schemas/billing';
import { useMutation } from '@tanstack/react-query';
import { api } from '~/lib/api-client';

/** Asks the server to create the Paylink invoice; the browser names only the package. */
export const createInvoice = (packageId: string) => api<CreatedInvoice>('/api/billing/invoices', { method: 'POST', json: { packageId } });

/** Leaves for Paylink's payment page once the server has stored the invoice. */
export function useStartPayment() {
  return useMutation({
    mutationFn: createInvoice,
    onSuccess: ({ url }) => {
      window.location.assign(url);
    },
  });
}
