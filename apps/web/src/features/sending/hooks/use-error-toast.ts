import { useEffect } from 'react';
import { notify } from '~/lib/notify';

/** Spec §8: every failed call also shows its message as a toast — one per failure, not per render. */
export function useErrorToast(query: { isError: boolean; errorUpdatedAt: number }, text: string) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new failure has a new errorUpdatedAt; `text` is fixed per call site.
  useEffect(() => {
    if (query.isError) notify.error(text);
  }, [query.isError, query.errorUpdatedAt]);
}
