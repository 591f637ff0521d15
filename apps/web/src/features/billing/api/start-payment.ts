import { contract } from '@sira/shared/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '~/lib/api-client';

/** Asks the server to create the Paylink invoice; the browser names only the package. */
export const createInvoice = (packageId: string) => call(contract.billing.createInvoice, { body: { packageId } });

/** Leaves for Paylink's payment page once the server has stored the invoice. */
export function useStartPayment() {
  return useMutation({
    mutationFn: createInvoice,
    onSuccess: ({ url }) => {
      window.location.assign(url);
    },
  });
}
