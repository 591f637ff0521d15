import type { LiveTopic } from '../../../lib/event-bus';

/**
 * Why the scheduler leaves a mailbox alone until a time of the engine's clock:
 * - `pacing`: its pacing (email_delay, batch_delay, the caps), a provider's pause or a failed run;
 * - `queue`: nothing in its queue is due before then (retries not yet due, working-hours rows waiting for the
 *   window), as its run last read the queue;
 * - `busy`: another worker holds it.
 */
export type RestReason = 'pacing' | 'queue' | 'busy';

/**
 * The scheduler's rests (sending-worker.ts): mailboxes it does not start a run for until a time of the engine's
 * clock. A rest only spares the database a look: what may be sent is always decided from the rows, so a rest
 * ended early costs a query, never a message sent too soon.
 *
 * A change about a mailbox (a new job, a relink) ends its rest, except another worker's hold, which a relink only
 * ends. A change that arrives while the mailbox's run is under way may postdate what that run read of the queue:
 * a `queue` rest the run takes then is not kept, and the scheduler looks again once the run ends. Without that,
 * a job scheduled at the moment a run found only working-hours rows waited for the window to open although it
 * could be sent at any time.
 */
export class MailboxRests {
  private readonly rests = new Map<string, { until: number; reason: RestReason }>();
  private readonly running = new Set<string>();
  private readonly changedDuringRun = new Set<string>();

  /** Whether the rest was taken (a `queue` rest is not while a change that arrived during the run is pending). */
  rest(profileId: string, until: number, reason: RestReason): boolean {
    if (reason === 'queue' && this.changedDuringRun.has(profileId)) return false;
    this.rests.set(profileId, { until, reason });
    return true;
  }

  runStarted(profileId: string): void {
    this.running.add(profileId);
    this.changedDuringRun.delete(profileId);
  }

  runEnded(profileId: string): void {
    this.running.delete(profileId);
    // The change may have come after the run's rest was taken.
    if (this.changedDuringRun.delete(profileId) && this.rests.get(profileId)?.reason === 'queue') this.rests.delete(profileId);
  }

  /**
   * A live event about the mailbox's user. Returns whether the scheduler should look again now: the mailbox is
   * not running and no longer resting.
   */
  changed(profileId: string, topic: LiveTopic): boolean {
    if (topic !== 'sending' && topic !== 'mailbox') return false;
    if (this.running.has(profileId)) {
      this.changedDuringRun.add(profileId);
      return false;
    }
    const rest = this.rests.get(profileId);
    if (rest && (rest.reason !== 'busy' || topic === 'mailbox')) this.rests.delete(profileId);
    return true;
  }

  /** The admin saved other settings: rests planned with the old ones end (another worker's hold stays). */
  settingsChanged(): void {
    for (const [profileId, rest] of this.rests) if (rest.reason !== 'busy') this.rests.delete(profileId);
  }

  /** Another worker's hold ended (its lease ran out): the mailbox may be taken over at once. */
  released(profileId: string): void {
    if (this.rests.get(profileId)?.reason === 'busy') this.rests.delete(profileId);
  }

  /** The mailboxes still resting at `now` (clock time); rests that ended are forgotten. */
  restingAt(now: number): string[] {
    for (const [profileId, rest] of this.rests) if (rest.until <= now) this.rests.delete(profileId);
    return [...this.rests.keys()];
  }
}
