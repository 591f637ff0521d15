import { useEffect } from 'react';
import { notify } from '~/lib/notify';

/** Shows one error toast per failure of a query (a new failure has a new errorUpdatedAt). */
export function useErrorToast(query: { isError: boolean; errorUpdatedAt: number }, text: () => string) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: one toast per failure, not per render of `text`.
  useEffect(() => {
    if (query.isError) notify.error(text());
  }, [query.isError, query.errorUpdatedAt]);
}
