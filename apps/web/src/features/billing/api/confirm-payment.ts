import { contract } from '@sira/shared/contract';
import { call } from '~/lib/api-client';

/** One check of the callback page: the server asks Paylink and credits the package when it is paid. */
export const confirmPayment = (reference: string) => call(contract.billing.confirmPayment, { body: { reference } });
