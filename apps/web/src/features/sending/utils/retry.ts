export interface RetryPolicy {
  /** Further tries after the first one fails. */
  retries: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

/** The wait before retry number `retry` (0-based): doubling from the base, never above the maximum. */
export const retryDelayMs = (policy: RetryPolicy, retry: number) => Math.min(policy.baseDelayMs * 2 ** retry, policy.maxDelayMs);

/**
 * Only failures that another try can cure are retried: no answer at all (network) or a server error.
 * A 4xx is the server's verdict on this request (not a PDF, too large, signed out) and repeats identically.
 */
export function isTransient(error: unknown): boolean {
  // ApiRequestError carries the HTTP status, 0 when no answer came back.
  const status = typeof error === 'object' && error !== null && 'status' in error ? error.status : undefined;
  return typeof status === 'number' && (status === 0 || status >= 500);
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Runs `run`, retrying transient failures with doubling back-off; the last error is thrown as is. */
export async function withRetry<T>(
  run: () => Promise<T>,
  options: {
    policy: RetryPolicy;
    shouldRetry?: (error: unknown) => boolean;
    onRetry?: (retry: number, delayMs: number) => void;
    sleep?: (ms: number) => Promise<void>;
  },
): Promise<T> {
  const { policy, shouldRetry = isTransient, onRetry, sleep = wait } = options;
  for (let retry = 0; ; retry++) {
    try {
      return await run();
    } catch (error) {
      if (retry >= policy.retries || !shouldRetry(error)) throw error;
      const delay = retryDelayMs(policy, retry);
      onRetry?.(retry + 1, delay);
      await sleep(delay);
    }
  }
}
