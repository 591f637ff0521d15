import { MutationObserver, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '~/lib/api-client';
import { queryClient } from './query-client';

const session = { queryKey: ['auth', 'session'] };

describe('a 401 answer re-checks the session (the protected layout then sends the user to /login)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    queryClient.clear();
  });

  it('from a form sent after the session ended, as from a page load', async () => {
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries').mockResolvedValue();
    const mutation = new MutationObserver(queryClient, {
      mutationFn: () => Promise.reject(new ApiRequestError(401, 'UNAUTHORIZED')),
    });
    await mutation.mutate().catch(() => undefined);
    expect(invalidate).toHaveBeenCalledWith(session);

    invalidate.mockClear();
    const query = new QueryObserver(queryClient, {
      queryKey: ['sending', 'status'],
      queryFn: () => Promise.reject(new ApiRequestError(401, 'UNAUTHORIZED')),
      retry: false,
    });
    await query.refetch();
    expect(invalidate).toHaveBeenCalledWith(session);
  });

  it('and for a role that ended (403 FORBIDDEN: an administrator demoted meanwhile)', async () => {
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries').mockResolvedValue();
    const query = new QueryObserver(queryClient, {
      queryKey: ['admin', 'users'],
      queryFn: () => Promise.reject(new ApiRequestError(403, 'FORBIDDEN')),
      retry: false,
    });
    await query.refetch();
    expect(invalidate).toHaveBeenCalledWith(session);
  });

  it('not for other refusals', async () => {
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries').mockResolvedValue();
    for (const [status, code] of [
      [400, 'VALIDATION'],
      [403, 'EMAIL_NOT_CONFIRMED'],
    ] as const) {
      const mutation = new MutationObserver(queryClient, { mutationFn: () => Promise.reject(new ApiRequestError(status, code)) });
      await mutation.mutate().catch(() => undefined);
    }
    expect(invalidate).not.toHaveBeenCalled();
  });

  it('any successful write marks the audit log stale, so its tab shows the entry when it opens', async () => {
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries').mockResolvedValue();
    const mutation = new MutationObserver(queryClient, { mutationFn: () => Promise.resolve({ ok: true }) });
    await mutation.mutate();
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['admin', 'audit'] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['admin', 'stats'] });
  });
});
