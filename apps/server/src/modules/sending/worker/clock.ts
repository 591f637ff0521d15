import { setTimeout as delay } from 'node:timers/promises';

/**
 * The sending engine's one time source; nothing in `worker/` reads the system's clocks itself (a Biome rule,
 * `biome/worker-clock.grit`, refuses `Date.now()`, `new Date()` and `performance.now()` there; `systemClock`
 * below is the one exception). Injected so that tests run the engine on simulated time. It tells two kinds of
 * time, each for its own questions:
 * - `now()`, the calendar: when a message may leave (pacing, the daily cap, the sending window), when a retry is
 *   due, until when a mailbox rests or the provider paused it;
 * - `elapsed()`, real time as it passes: how long a lease this worker holds has left, how old a cache is, how
 *   long a run has had its turn, when the scheduler's next pass is due. Leases are stamped and expired by the
 *   database's own clock (`now()` in SQL: a lease is a fencing token every worker must agree on), which runs in
 *   real time whatever a simulated calendar does, so what is measured against leases is measured in real time.
 */
export interface Clock {
  /** Milliseconds since the epoch, on the engine's calendar. */
  now(): number;
  /** Milliseconds of real time since an arbitrary origin; never goes back. */
  elapsed(): number;
  /** Resolves after `ms` of this clock's calendar time, or at once when `signal` is aborted. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  /**
   * The engine has nothing to do for some mailbox before `at` (a pacing rest, a closed sending window). The
   * system clock has no use for it; a simulated clock may skip ahead to it once nothing else is going on.
   */
  idleUntil?(at: number): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  elapsed: () => performance.now(),
  async sleep(ms, signal) {
    if (ms <= 0 || signal?.aborted) return;
    try {
      await delay(ms, undefined, { signal });
    } catch (error) {
      if (!signal?.aborted) throw error;
    }
  },
};
