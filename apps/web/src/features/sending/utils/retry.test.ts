import { UPLOAD_RETRY } from '@sira/shared';
import { describe, expect, it } from 'vitest';
import { isTransient, retryDelayMs, withRetry } from './retry';

/** The shape of the web's ApiRequestError: an HTTP status (0 = no answer) and the server's code. */
class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
  ) {
    super(code);
  }
}

const policy = { retries: UPLOAD_RETRY.attempts, baseDelayMs: UPLOAD_RETRY.baseDelayMs, maxDelayMs: UPLOAD_RETRY.maxDelayMs };

function failing(errors: unknown[], result = 'ok') {
  let calls = 0;
  const run = async () => {
    const error = errors[calls++];
    if (error) throw error;
    return result;
  };
  return { run, calls: () => calls };
}

describe('upload retry (spec §9: 3 retries, 2 s doubling, at most 10 s)', () => {
  it('doubles the wait from 2 s and caps it at 10 s', () => {
    expect([0, 1, 2, 3, 4].map((n) => retryDelayMs(policy, n))).toEqual([2000, 4000, 8000, 10_000, 10_000]);
  });

  it('retries network and 5xx failures three times, then gives up with the last error', async () => {
    const errors = [new ApiRequestError(0, 'NETWORK'), new ApiRequestError(503, 'INTERNAL'), new ApiRequestError(500, 'INTERNAL')];
    const last = new ApiRequestError(502, 'INTERNAL');
    const { run, calls } = failing([...errors, last]);
    const slept: number[] = [];
    await expect(withRetry(run, { policy, sleep: async (ms) => void slept.push(ms) })).rejects.toBe(last);
    expect(calls()).toBe(4);
    expect(slept).toEqual([2000, 4000, 8000]);
  });

  it('stops as soon as a try succeeds', async () => {
    const { run, calls } = failing([new ApiRequestError(0, 'NETWORK')], 'uploaded');
    const retries: number[] = [];
    const answer = await withRetry(run, { policy, sleep: async () => {}, onRetry: (n) => retries.push(n) });
    expect(answer).toBe('uploaded');
    expect(calls()).toBe(2);
    expect(retries).toEqual([1]);
  });

  it('never retries the server’s verdict on the file (4xx)', async () => {
    for (const error of [
      new ApiRequestError(400, 'NOT_PDF'),
      new ApiRequestError(413, 'RESUME_TOO_LARGE'),
      new ApiRequestError(401, 'UNAUTHORIZED'),
    ]) {
      const { run, calls } = failing([error]);
      await expect(withRetry(run, { policy, sleep: async () => {} })).rejects.toBe(error);
      expect(calls()).toBe(1);
      expect(isTransient(error)).toBe(false);
    }
  });
});
