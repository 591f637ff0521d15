import { ar } from '@sira/shared';
import { useEffect } from 'react';
import { notify } from '~/lib/notify';

/**
 * Spec §8: every failed call also shows its message as a toast — one per failure (a new failure has a new
 * errorUpdatedAt), not per render, and also when a refresh fails while the last data stays on screen.
 */
export function useErrorToast(query: { isError: boolean; errorUpdatedAt: number }, text: string | (() => string)) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: one toast per failure, not per render of `text`.
  useEffect(() => {
    if (query.isError) notify.error(typeof text === 'function' ? text() : text);
  }, [query.isError, query.errorUpdatedAt]);
}

/** The Arabic text of a failed query's error (the API client's errors carry it), for a `{msg}` in spec §8. */
export const errorMessage = (error: unknown) => (error instanceof Error ? error.message : ar.errors.generic);
