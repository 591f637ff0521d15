import { messageForCode } from '@sira/shared';
import { useState } from 'react';
import { ApiRequestError } from '~/lib/api-client';
import { notify } from '~/lib/notify';

/** A failed request as the user reads it: the server's Arabic message, or the fallback code's. */
export const requestErrorMessage = (e: unknown, fallback?: string) => (e instanceof ApiRequestError ? e.message : messageForCode(fallback));

/**
 * The account forms' error: shown under the form and as a toast at once (spec §4), cleared on a new try.
 */
export function useFormError(fallback?: string) {
  const [error, setError] = useState<string | null>(null);
  const fail = (message: string) => {
    setError(message);
    notify.error(message);
  };
  return {
    error,
    fail,
    failWith: (e: unknown) => fail(requestErrorMessage(e, fallback)),
    clear: () => setError(null),
  };
}
