import { deliveryFailureText } from '@sira/shared/messages/sending';
import { optedOutAmong, recordOptedOut } from '../../companies/opt-out-marks';
import { MailboxUnavailableError } from '../../mailbox/mailbox-credentials';
import { InvalidRecipientError, renderMessage } from '../mime';
import type { MailboxPacer } from '../pacing';
import { ResumeMissingError } from '../resume-storage';
import { windowOf } from '../window';
import type { EngineSettings, MailboxCredentials, SendingEngine } from './engine';
import { decide, errorText, type FailureDecision, withDetail } from './failure-decision';
import { attemptDelivery } from './provider-attempt';
import {
  accountExists,
  type ClaimedDelivery,
  pauseMailbox,
  recordAndHandOver,
  recordFailed,
  releaseDeliveries,
  renewLeases,
  scheduleRetry,
} from './queue';

/** After a batch: claim the next one, or end the mailbox run. */
export type BatchVerdict = 'continue' | 'stop';

export interface BatchInput {
  profileId: string;
  /** The mailbox the rows were claimed for. */
  email: string;
  rows: ClaimedDelivery[];
  /** The claim itself handed the rows over (pacing lets them all leave back to back). */
  claimedHandedOver: boolean;
  /** When the claim's lease ends, in the clock's real time (`elapsed`, see leaseEnds). */
  claimLeaseEnds: number;
  pacer: MailboxPacer;
  settings: EngineSettings;
  /** The mailbox's credentials; `force` refreshes the token (after a 401). */
  credentials(force?: boolean): Promise<MailboxCredentials>;
}

/** Accepted by the provider, not recorded yet. */
interface Unrecorded {
  id: string;
  at: Date;
  providerMessageId: string;
  /** Real time it was accepted (the record-every timer; `at` follows the engine's clock). */
  acceptedAt: number;
}

/**
 * A claimed batch of one mailbox, sent in order, one provider call at a time. It owns the rows' state in this
 * process: each row's lease (the fencing token every write names), which are handed over, which were lost to
 * the sweeper, which answers wait to be recorded, and the lease keeper that renews them.
 *
 * With ordinary pacing each message is handed over (the durable "in flight" mark) right before its call and
 * recorded right after: one row of the mailbox is ever in the provider's hands unrecorded.
 *
 * When pacing lets messages leave back to back, waiting for a commit between calls would make the database
 * the pace-setter, so the work is pipelined: the next messages (up to `pipelineDepth`) are handed over in one
 * statement, and the accepted ones are recorded together, while calls are on the wire. When pacing lets the
 * whole claim go at once, the claim itself handed the rows over and only the answers are written. A worker
 * that dies then leaves at most max(maxClaim, 2 × depth + 1) rows of the mailbox handed over: the sweeper
 * fails and refunds them — it never sends one twice.
 */
export class ClaimedBatch {
  private readonly depth: number;
  /**
   * The lease each row this batch still holds in the database ('sending', not settled, not lost) has now.
   * Renewals and hand-overs change it; a row leaves when it is settled.
   */
  private readonly leases: Map<string, string>;
  /**
   * When each held row's lease ends, in the clock's real time (`elapsed`): the time just before the statement
   * that set it plus its length, so never later than the database's own end (durations need no shared clock).
   */
  private readonly leaseEnds: Map<string, number>;
  /** Rows handed over and not settled yet. */
  private readonly handedOver = new Set<string>();
  /** Rows a hand-over or a renewal found no longer ours (the sweeper took them): skipped. */
  private readonly lost = new Set<string>();
  /** Accepted, not recorded yet (still 'sending' and held: renewals keep their leases too). */
  private unrecorded: Unrecorded[] = [];
  /** A statement running in the background while calls go on, and the rows it is handing over. */
  private background: Promise<void> | null = null;
  private backgroundError: unknown = null;
  private readonly beingHanded = new Set<string>();
  /** Rows before this index have been handed over, are being handed over, or were found lost: hand-overs go in order. */
  private handedEnd = 0;
  /** Rows from this index on have not been given to the provider. */
  private uncalledFrom = 0;
  /**
   * Every write that names leases runs alone: a renewal changes the leases, and a write running beside it
   * would name the old ones and miss its rows. Provider calls are not writes and go on meanwhile.
   */
  private writing: Promise<unknown> = Promise.resolve();
  private renewing = false;
  private keeper: NodeJS.Timeout | undefined;
  /** The account was found deleted (its rows gone, ADR 015): nothing more is sent for it. */
  private accountDeleted = false;

  constructor(
    private readonly engine: SendingEngine,
    private readonly input: BatchInput,
  ) {
    this.depth = Math.max(1, engine.options.pipelineDepth);
    this.leases = new Map(input.rows.map((r) => [r.id, r.lease]));
    this.leaseEnds = new Map(input.rows.map((r) => [r.id, input.claimLeaseEnds]));
    if (input.claimedHandedOver) {
      for (const r of input.rows) this.handedOver.add(r.id);
      this.handedEnd = input.rows.length;
    }
  }

  /** Sends the batch; resolves with whether the mailbox run goes on. */
  async send(): Promise<BatchVerdict> {
    this.startKeeper();
    try {
      return await this.sendRows();
    } catch (error) {
      // A deleted account takes its jobs and résumés with it: what failed then is no fault to report.
      if (await this.accountGone().catch(() => false)) {
        this.engine.log.warn(
          { profileId: this.input.profileId, err: { message: errorText(error) } },
          'sending: the account was deleted while its messages were on their way; the rest were not sent',
        );
        return 'stop';
      }
      await this.abandon(error);
      throw error;
    } finally {
      clearInterval(this.keeper);
      // A renewal under way ends before the next claim (its rows are settled or released by now).
      await this.writing;
    }
  }

  private async sendRows(): Promise<BatchVerdict> {
    const { engine } = this;
    const { rows, pacer, profileId, email } = this.input;
    // Addresses that opted out after these rows were scheduled (ADR 013): one read per claim, and the rows are
    // settled unsent, their credit returned, in their turn below.
    const optedOut = await optedOutAmong(
      engine.db,
      profileId,
      rows.map((r) => r.recipientEmail),
    );
    for (let i = 0; i < rows.length; i++) {
      const row = rows[i] as ClaimedDelivery;
      if (this.beingHanded.has(row.id)) await this.settleBackground();
      if (this.accountDeleted) return await this.giveBack(i, 'pending');
      if (this.lost.has(row.id)) continue; // The sweeper took it back (this worker stalled); it is someone else's now.
      if (optedOut.has(row.recipientEmail.toLowerCase())) {
        if (await this.settleRow(row, (lease) => recordOptedOut(engine.db, row.id, lease))) engine.notifyChange(profileId, true);
        this.uncalledFrom = i + 1;
        continue;
      }
      // Stopping, or sending paused for everyone: the rows not given to the provider go back to the queue.
      if (engine.stopping() || engine.paused()) return await this.giveBack(i, 'pending');
      const wait = pacer.next(engine.clock.now()) - engine.clock.now();
      if (wait > 0) {
        // Nothing to overlap with: record what was sent before waiting.
        await this.flush();
        // Rows handed over ahead are in the provider's hands as far as a crash is concerned: a worker dying in a
        // long wait would leave them to be failed unsent. Pacing rarely waits inside a claim it let go back to
        // back (a 401's second call, a window closing); for longer than a lease they go back to pending and
        // come again after it.
        if (this.waitingFrom(i).length > 0 && wait > engine.options.leaseMs) {
          engine.rest(profileId, engine.clock.now() + wait, 'pacing');
          return await this.giveBack(i, 'pending');
        }
        await engine.sleep(wait);
      }
      if (engine.stopping() || engine.paused()) return await this.giveBack(i, 'pending');
      if (this.lost.has(row.id)) continue;

      let creds: MailboxCredentials;
      try {
        creds = await this.input.credentials();
      } catch (error) {
        if (error instanceof MailboxUnavailableError) {
          // The mailbox module unlinked it (invalid_grant) and held the pending rows; ours join them.
          await this.giveBack(i, 'held');
          engine.notifyChange(profileId, false);
          return 'stop';
        }
        // The token endpoint is unreachable or refuses the platform: nothing was sent, try again later.
        engine.log.warn({ err: error, profileId }, 'sending: could not get mailbox credentials');
        await this.giveBack(i, 'pending', {
          lastError: withDetail(deliveryFailureText.mailboxUnreachable, errorText(error)),
          dueInSeconds: 30,
        });
        engine.rest(profileId, engine.clock.now() + 30_000, 'pacing');
        return 'stop';
      }
      if (creds.email !== email) {
        // The user linked another address after these rows were claimed for this one: nothing goes From the
        // wrong mailbox; the rows go back and are claimed again for the new one.
        return await this.giveBack(i, 'pending');
      }

      let parts: Buffer[];
      try {
        const job = await engine.jobs.get(row.jobId, creds.email);
        parts = renderMessage(job, {
          email: row.recipientEmail,
          company_name: row.companyName,
          sector: row.sector,
          location: row.location,
          optOutUrl: engine.optOutLinks.url({ deliveryId: row.id, email: row.recipientEmail.toLowerCase() }),
        });
      } catch (error) {
        if (error instanceof InvalidRecipientError || error instanceof ResumeMissingError) {
          await this.settle(row, decide(error, row, this.input.settings.delay, engine.clock.now()));
          // Settled: an unexpected failure of the next row must count its attempt on that row, not this one.
          this.uncalledFrom = i + 1;
          continue;
        }
        throw error;
      }

      if (!this.handedOver.has(row.id)) {
        this.handedEnd = Math.max(this.handedEnd, i + 1);
        await this.flush([row, ...this.toHandFrom(i + 1, this.backToBack())], creds.email);
        if (!this.handedOver.has(row.id)) continue;
      } else {
        // Keep at least half the pipeline handed over ahead; pacing is asked only when topping up.
        const ahead = this.handedEnd - (i + 1);
        const topUp = ahead < Math.ceil(this.depth / 2) ? this.toHandFrom(i + 1, this.backToBack()) : [];
        const oldest = this.unrecorded[0];
        const recordDue =
          this.unrecorded.length >= this.depth ||
          (oldest !== undefined && engine.clock.elapsed() - oldest.acceptedAt >= engine.options.recordEveryMs);
        if (topUp.length > 0 || recordDue) await this.flushInBackground(topUp, creds.email);
      }
      if ((this.leaseEnds.get(row.id) ?? Number.POSITIVE_INFINITY) - engine.clock.elapsed() < engine.options.leaseMs / 2) {
        // The keeper has not managed to renew (the database is slow or away): renew before the call, or end
        // the run if that fails too. A row the sweeper already took is someone else's now.
        await this.settleBackground();
        await this.renew();
        if (this.lost.has(row.id)) continue;
      }

      this.uncalledFrom = i + 1;
      const window = row.windowed ? windowOf(this.input.settings.window) : null;
      const outcome = await attemptDelivery(engine, profileId, parts, pacer, creds, () => this.input.credentials(true), window);
      if (outcome.kind === 'closed') {
        // The window closed while the batch ran: this row and the rest wait in the queue; the run claims again
        // (any-time jobs' rows still go) or rests until the window opens.
        this.uncalledFrom = i;
        await this.giveBack(i, 'pending');
        return 'continue';
      }
      if (outcome.kind === 'unavailable') {
        // invalid_grant on the forced refresh after a 401: Gmail refused the call, nothing left.
        await this.giveBack(i, 'held');
        engine.notifyChange(profileId, false);
        return 'stop';
      }
      if (outcome.kind === 'relinked') {
        // Refused (401) and not sent; the rows go back and are claimed again for the new address.
        return await this.giveBack(i, 'pending');
      }
      this.handedOver.delete(row.id);
      if (outcome.kind === 'sent') {
        this.unrecorded.push({
          id: row.id,
          at: outcome.at,
          providerMessageId: outcome.providerMessageId,
          acceptedAt: engine.clock.elapsed(),
        });
        continue;
      }
      const decision = decide(outcome.error, row, this.input.settings.delay, engine.clock.now());
      if ((await this.settle(row, decision)) === 'stop') return await this.giveBack(i + 1, 'pending');
    }
    await this.flush();
    return 'continue';
  }

  /** Carries out a failure decision on the row (see failure-decision.ts). */
  private async settle(row: ClaimedDelivery, decision: FailureDecision): Promise<BatchVerdict> {
    const { engine } = this;
    const { profileId } = this.input;
    switch (decision.kind) {
      case 'pause': {
        await engine.retryingWrite(() => pauseMailbox(engine.db, profileId, decision.until));
        await this.settleRow(row, (lease) =>
          releaseDeliveries(engine.db, [{ id: row.id, lease }], 'pending', { lastError: decision.reason }),
        );
        engine.log.warn(
          { profileId, mailbox: this.input.email, until: decision.until },
          'sending: Gmail daily sending limit reached; mailbox paused',
        );
        engine.rest(profileId, decision.until.getTime(), 'pacing');
        engine.notifyChange(profileId, false);
        return 'stop';
      }
      case 'fail': {
        if (await this.settleRow(row, (lease) => recordFailed(engine.db, row.id, lease, decision.reason, decision.cause)))
          engine.notifyChange(profileId, true);
        else await this.noteIfDeleted({ notSent: 1 });
        return 'continue';
      }
      case 'retry': {
        if (await this.settleRow(row, (lease) => scheduleRetry(engine.db, row.id, lease, decision.reason, decision.dueAt)))
          engine.notifyChange(profileId, false);
        else await this.noteIfDeleted({ notSent: 1 });
        return 'continue';
      }
    }
  }

  /** Whether the account is gone; asked only when rows of the batch turned out to be gone, and then remembered. */
  private async accountGone(): Promise<boolean> {
    if (!this.accountDeleted) this.accountDeleted = !(await accountExists(this.engine.db, this.input.profileId));
    return this.accountDeleted;
  }

  /**
   * A message that was on its way matched no row when its outcome was written. If the account was deleted
   * meanwhile, that is the cause to log (the rows went with it): not a failure, not the provider's.
   */
  private async noteIfDeleted(outcome: { sent: number } | { notSent: number }): Promise<boolean> {
    if (!(await this.accountGone())) return false;
    const what = 'sent' in outcome ? 'the provider accepted these' : 'it did not go (the provider refused it, or it was not sent)';
    this.engine.log.warn(
      { profileId: this.input.profileId, ...outcome },
      `sending: the account was deleted while its messages were on their way; ${what}`,
    );
    return true;
  }

  private leaseOf(row: { id: string; lease?: string }): string {
    return this.leases.get(row.id) ?? row.lease ?? '';
  }

  private forget(id: string): void {
    this.leases.delete(id);
    this.leaseEnds.delete(id);
    this.handedOver.delete(id);
  }

  private holding(from: number) {
    return this.input.rows.slice(from).map((r) => ({ id: r.id, lease: this.leaseOf(r) }));
  }

  /** Handed-over rows from `from` on not settled yet: in the provider's hands next, or waiting for their turn. */
  private waitingFrom(from: number) {
    return this.input.rows.slice(from, this.handedEnd).filter((r) => this.handedOver.has(r.id) && !this.lost.has(r.id));
  }

  private exclusive<T>(write: () => Promise<T>): Promise<T> {
    const run = this.writing.then(write, write);
    this.writing = run.catch(() => undefined);
    return run;
  }

  /** One write that names the row's lease at the moment it runs, tried again through a short outage; the row is settled after. */
  private settleRow<T>(row: ClaimedDelivery, write: (lease: string) => Promise<T>): Promise<T> {
    return this.exclusive(async () => {
      const result = await this.engine.retryingWrite(() => write(this.leaseOf(row)));
      this.forget(row.id);
      return result;
    });
  }

  /**
   * Renews the lease of every row held, whatever it is doing: waiting its turn, in a call, or accepted and
   * not recorded yet. A row missing from the answer is no longer ours.
   */
  private renew(): Promise<void> {
    const { engine } = this;
    return this.exclusive(async () => {
      const held = [...this.leases].map(([id, lease]) => ({ id, lease }));
      if (held.length === 0) return;
      const issuedAt = engine.clock.elapsed();
      const renewed = await engine.retryingWrite(() => renewLeases(engine.db, held, engine.leaseSeconds));
      for (const { id } of held) {
        const lease = renewed.get(id);
        if (lease) {
          this.leases.set(id, lease);
          this.leaseEnds.set(id, issuedAt + engine.leaseSeconds * 1000);
        } else {
          this.lost.add(id);
          this.forget(id);
        }
      }
      // Rows of a deleted account are gone, not taken by the sweeper: the batch ends at its next row.
      if (renewed.size < held.length && !(await this.accountGone()))
        engine.log.error(
          { profileId: this.input.profileId },
          'sending: a lease ran out before it was renewed; the sweeper settled its rows',
        );
    });
  }

  /**
   * The lease keeper, on a real timer: every third of a lease, the leases are renewed unless one was set less
   * than half a period ago. A renewal that fails is tried at the next period; before each call a lease with
   * less than half its length left is renewed first, and a failure there ends the run.
   */
  private startKeeper(): void {
    const { leaseMs } = this.engine.options;
    const renewEveryMs = leaseMs / 3;
    this.keeper = setInterval(() => {
      if (this.renewing || this.leaseEnds.size === 0) return;
      if (Math.min(...this.leaseEnds.values()) - this.engine.clock.elapsed() > leaseMs - renewEveryMs / 2) return;
      this.renewing = true;
      this.renew()
        .catch((error: unknown) =>
          this.engine.log.warn({ err: error, profileId: this.input.profileId }, 'sending: could not renew leases; trying again'),
        )
        .finally(() => {
          this.renewing = false;
        });
    }, renewEveryMs);
  }

  /** A hand-over only makes sure some lease is left; the keeper renews it (so it rarely changes: no index entry). */
  private get handOverSeconds(): number {
    return Math.max(1, Math.ceil(this.engine.options.leaseMs / 3000));
  }

  /** Records the answers in and hands `toHand` over, in one statement. */
  private async flushNow(toHand: ClaimedDelivery[], senderEmail: string): Promise<void> {
    if (this.unrecorded.length === 0 && toHand.length === 0) return;
    const { engine } = this;
    await this.exclusive(async () => {
      const sent = this.unrecorded;
      this.unrecorded = [];
      if (sent.length === 0 && toHand.length === 0) return;
      const handOverSeconds = this.handOverSeconds;
      const hand =
        toHand.length > 0
          ? { rows: toHand.map((r) => ({ id: r.id, lease: this.leaseOf(r) })), senderEmail, leaseSeconds: handOverSeconds }
          : null;
      const records = sent.map((r) => ({ id: r.id, lease: this.leaseOf(r), at: r.at, providerMessageId: r.providerMessageId }));
      let result: Awaited<ReturnType<typeof recordAndHandOver>>;
      const issuedAt = engine.clock.elapsed();
      try {
        result = await engine.retryingWrite(() => recordAndHandOver(engine.db, records, hand));
      } catch (error) {
        // Still sent: kept for a later attempt (see abandon) rather than forgotten.
        this.unrecorded = [...sent, ...this.unrecorded];
        throw error;
      }
      for (const r of sent) this.forget(r.id);
      const { profileId } = this.input;
      if (result.recorded > 0) engine.notifyChange(profileId, false);
      if (result.recorded < sent.length && !(await this.noteIfDeleted({ sent: sent.length - result.recorded })))
        engine.log.error({ profileId }, 'sending: sent, but the row was settled by the sweeper meanwhile');
      for (const r of toHand) {
        const lease = result.handed.get(r.id);
        if (!lease) {
          this.lost.add(r.id);
          this.forget(r.id);
          continue;
        }
        this.handedOver.add(r.id);
        if (lease !== this.leaseOf(r)) {
          this.leases.set(r.id, lease);
          this.leaseEnds.set(r.id, issuedAt + handOverSeconds * 1000);
        }
      }
    });
  }

  private async settleBackground(): Promise<void> {
    if (this.background) await this.background;
    this.background = null;
    if (this.backgroundError) {
      const error = this.backgroundError;
      this.backgroundError = null;
      throw error;
    }
  }

  private async flush(toHand: ClaimedDelivery[] = [], senderEmail = this.input.email): Promise<void> {
    await this.settleBackground();
    await this.flushNow(toHand, senderEmail);
  }

  private async flushInBackground(toHand: ClaimedDelivery[], senderEmail: string): Promise<void> {
    await this.settleBackground();
    for (const r of toHand) this.beingHanded.add(r.id);
    this.background = this.flushNow(toHand, senderEmail)
      .catch((error: unknown) => {
        this.backgroundError = error;
      })
      .finally(() => {
        for (const r of toHand) this.beingHanded.delete(r.id);
      });
  }

  /** The rows up to `from + count` not handed over yet (they are from now on). */
  private toHandFrom(from: number, count: number): ClaimedDelivery[] {
    const { rows } = this.input;
    const start = Math.max(from, this.handedEnd);
    const end = Math.min(rows.length, from + count);
    if (end <= start) return [];
    this.handedEnd = end;
    return rows.slice(start, end);
  }

  /** How many of the following messages may leave right behind this one (pacing at full speed). */
  private backToBack(): number {
    return Math.min(this.depth, this.input.pacer.sendableWithin(this.engine.clock.now(), 0, this.depth + 1) - 1);
  }

  private release(from: number, to: 'pending' | 'held', options?: { lastError?: string; dueInSeconds?: number }): Promise<number> {
    return this.exclusive(async () => {
      const released = await this.engine.retryingWrite(() => releaseDeliveries(this.engine.db, this.holding(from), to, options));
      for (const r of this.input.rows.slice(from)) this.forget(r.id);
      return released;
    });
  }

  /** Records the answers in and gives the rows from `from` on back; the run ends. */
  private async giveBack(from: number, to: 'pending' | 'held', options?: { lastError?: string; dueInSeconds?: number }): Promise<'stop'> {
    await this.flush();
    await this.release(from, to, options);
    return 'stop';
  }

  /**
   * An unexpected failure ends the run (a database outage longer than the retries, a résumé that could not be
   * read, a fault in the code). Answers already in are recorded if the database allows, and the rows never
   * given to the provider go back to pending at once — left alone, the claim's hand-over mark would have the
   * sweeper fail them unsent. The row that was being prepared counts an attempt (due again after
   * retry_delay, failed after max_retries), so a failure that repeats ends instead of looping forever.
   */
  private async abandon(cause: unknown): Promise<void> {
    const { engine } = this;
    const { profileId } = this.input;
    try {
      if (this.background) await this.background;
      this.background = null;
      this.backgroundError = null;
      await this.flushNow([], this.input.email);
    } catch (error) {
      engine.log.error({ err: error, profileId }, 'sending: could not record answers before ending the mailbox run');
    }
    try {
      const unsent = this.input.rows.slice(this.uncalledFrom).filter((r) => !this.lost.has(r.id));
      const [next, ...rest] = unsent;
      let settled = 0;
      if (next) {
        const decision = decide(cause, next, this.input.settings.delay, engine.clock.now());
        if (decision.kind !== 'pause') {
          const ended = await this.settleRow(next, (lease) =>
            decision.kind === 'retry'
              ? scheduleRetry(engine.db, next.id, lease, decision.reason, decision.dueAt)
              : recordFailed(engine.db, next.id, lease, decision.reason, decision.cause),
          );
          if (ended) settled++;
        }
      }
      settled += await this.exclusive(async () => {
        const released = await engine.retryingWrite(() =>
          releaseDeliveries(
            engine.db,
            rest.map((r) => ({ id: r.id, lease: this.leaseOf(r) })),
            'pending',
          ),
        );
        for (const r of rest) this.forget(r.id);
        return released;
      });
      if (settled > 0) engine.notifyChange(profileId, true);
    } catch (error) {
      engine.log.error({ err: error, profileId }, 'sending: could not give back unsent deliveries; their lease will settle them');
    }
  }
}
