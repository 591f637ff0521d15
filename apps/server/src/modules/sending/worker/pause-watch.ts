import type { BackgroundContext } from '../../../lib/background-task';
import { databaseIdentity, pauseIfCopied } from '../restored-database';
import { readSendingPause, type StoredPause } from '../sending-pause';

/**
 * The worker's view of the switch that pauses all sending (ADR 019), read by the scheduler at every pass: while
 * it is on (or SENDING_PAUSED is set) no mailbox run starts, and runs under way give their claimed rows back
 * before their next message. Until the first read the worker counts as paused. Before that first read the
 * worker checks that the database is where it last ran (restored-database.ts): a copy is paused first.
 */
export class PauseWatch {
  private current = true;
  /** What was last logged, so a state is logged once when it begins. */
  private said: string | undefined;
  private copyChecked = false;

  constructor(private readonly ctx: Pick<BackgroundContext, 'db' | 'dbKind' | 'env' | 'log'>) {}

  paused(): boolean {
    return this.current;
  }

  /** Reads the switch; resolves with whether sending is paused. A failed read keeps the last state. */
  async refresh(): Promise<boolean> {
    const { db, env, log } = this.ctx;
    if (!this.copyChecked) {
      const check = await pauseIfCopied(db, await databaseIdentity(db, this.ctx.dbKind));
      this.copyChecked = true;
      if (check.kind === 'copied')
        log.warn(
          { previous: check.previous, interrupted: check.interrupted },
          'sending: this database was restored or copied (it was last used elsewhere): sending is paused until an administrator resumes it; deliveries that were being sent in the copy were failed, their credit returned, and are not sent again',
        );
    }
    const stored = await readSendingPause(db);
    this.current = env.sendingPaused || stored?.paused === true;
    this.say(stored);
    return this.current;
  }

  private say(stored: StoredPause | null): void {
    const { env, log } = this.ctx;
    const state = env.sendingPaused ? 'environment' : stored?.paused ? `${stored.reason}:${stored.at}` : 'running';
    if (state === this.said) return;
    const first = this.said === undefined;
    this.said = state;
    if (env.sendingPaused)
      log.warn(
        { switch: stored?.paused ?? false },
        'sending: paused by SENDING_PAUSED; nothing is sent until it is removed and the worker restarted',
      );
    else if (stored?.paused && stored.reason === 'restored')
      log.warn(
        { since: stored.at, by: stored.by, interrupted: stored.interrupted },
        'sending: paused since the database was restored; nothing is sent until an administrator resumes it (admin panel, sending settings)',
      );
    else if (stored?.paused)
      log.warn({ since: stored.at, by: stored.by }, 'sending: paused by an administrator; nothing is sent until resumed');
    else if (!first) log.info({ by: stored?.by }, 'sending: resumed');
  }
}
