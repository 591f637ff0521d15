import { isMailboxCallbackResult, MAILBOX_CALLBACK_PARAM, type MailboxCallbackResult } from '@sira/shared/messages/mailbox';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The result the OAuth callback put in `?mailbox=` when it sent the browser back: kept for the page to show,
 * and removed from the address bar so a reload or a shared link does not show it again.
 */
export function useCallbackResult(): [MailboxCallbackResult | null, () => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const fromUrl = searchParams.get(MAILBOX_CALLBACK_PARAM);
  const [result, setResult] = useState<MailboxCallbackResult | null>(isMailboxCallbackResult(fromUrl) ? fromUrl : null);
  useEffect(() => {
    if (fromUrl === null) return;
    if (isMailboxCallbackResult(fromUrl)) setResult(fromUrl);
    setSearchParams(
      (params) => {
        params.delete(MAILBOX_CALLBACK_PARAM);
        return params;
      },
      { replace: true },
    );
  }, [fromUrl, setSearchParams]);
  return [result, () => setResult(null)];
}
