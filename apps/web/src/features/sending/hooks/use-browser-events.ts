import type { SendingStatus } from '@sira/shared/schemas/sending';
import { hashKey, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { sendingStatusQueryOptions } from '../api/get-status';
import { queueEvents } from '../utils/browser-events';

/**
 * Dispatches spec §7's browser events on `window` whenever fresh data arrives: the queue and failures from
 * the sending status, `profile-updated` with the profile. They come from the same live updates (SSE) that
 * refresh the page, so listeners hear of a change when the user sees it.
 */
export function useBrowserEvents() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const statusHash = hashKey(sendingStatusQueryOptions().queryKey);
    let last: SendingStatus['counts'] | undefined;
    return queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'success') return;
      const { query } = event;
      if (query.queryHash === statusHash) {
        const counts = (query.state.data as SendingStatus | undefined)?.counts;
        if (!counts) return;
        for (const e of queueEvents(last, counts)) window.dispatchEvent(new CustomEvent(e.type, { detail: e.detail }));
        last = counts;
      } else if (query.queryKey[0] === 'profile') {
        window.dispatchEvent(new CustomEvent('profile-updated', { detail: query.state.data }));
      }
    });
  }, [queryClient]);
}
