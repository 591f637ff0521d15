import { setTimeout as delay } from 'node:timers/promises';

/**
 * Time as the sending engine's pacing sees it: when a message may leave, when a retry is due, how long a
 * mailbox rests. Injected so that tests can run the pacing and retry rules on simulated time; leases,
 * polling and database retries stay on real time, because the database's own clock expires leases.
 */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Resolves after `ms` of this clock's time, or at once when `signal` is aborted. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  /**
   * The engine has nothing to do for some mailbox before `at` (a pacing rest, a closed sending window). The
   * system clock has no use for it; a simulated clock may skip ahead to it once nothing else is going on.
   */
  idleUntil?(at: number): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  async sleep(ms, signal) {
    if (ms <= 0 || signal?.aborted) return;
    try {
      await delay(ms, undefined, { signal });
    } catch (error) {
      if (!signal?.aborted) throw error;
    }
  },
};
