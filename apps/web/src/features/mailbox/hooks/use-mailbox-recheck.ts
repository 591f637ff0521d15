import { MAILBOX_RECHECK_MS } from '@sira/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLiveInvalidate } from '~/lib/live-events';
import { getMailboxStatus, mailboxKey, mailboxStatusQueryOptions } from '../api/mailbox-queries';

/**
 * Keeps the link's status current while the page is open (spec §4: re-checked every 5 minutes): every
 * MAILBOX_RECHECK_MS the server checks the link with Google, and the answer replaces the shown status.
 * Changes made elsewhere (the worker unlinking on invalid_grant, another tab) arrive as the 'mailbox' event.
 */
export function useMailboxRecheck(): Date | null {
  const queryClient = useQueryClient();
  const [lastChecked, setLastChecked] = useState<Date | null>(null);
  useLiveInvalidate('mailbox', [mailboxKey]);
  useEffect(() => {
    let cancelled = false;
    const timer = window.setInterval(() => {
      getMailboxStatus({ verify: true })
        .then((status) => {
          if (cancelled) return;
          queryClient.setQueryData(mailboxStatusQueryOptions().queryKey, status);
          setLastChecked(new Date());
        })
        // A failed check changes nothing: the next one comes in 5 minutes.
        .catch(() => undefined);
    }, MAILBOX_RECHECK_MS);
    return () => {
      cancelled = true;
      window.clearInterval(timer);
    };
  }, [queryClient]);
  return lastChecked;
}
