import { deliveryFailureText } from '@sira/shared/messages/sending';
import { optedOutAmong, recordOptedOut } from '../../companies/opt-out-marks';
import { MailboxUnavailableError, unlinkMailboxById } from '../../mailbox/mailbox-credentials';
import { InvalidRecipientError, renderMessage } from '../mime';
import type { MailboxPacer } from '../pacing';
import { ResumeMissingError } from '../resume-storage';
import { windowOf } from '../window';
import { BatchRows } from './batch-rows';
import type { EngineSettings, MailboxCredentials, SendingEngine } from './engine';
import { decide, errorText, type FailureDecision, withDetail } from './failure-decision';
import { type AttemptOutcome, attemptDelivery } from './provider-attempt';
import {
  accountExists,
  type ClaimedDelivery,
  type ClaimedMailbox,
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
  /** The mailbox the rows were claimed for, and leave from. */
  email: string;
  mailbox: ClaimedMailbox;
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
 *
 * Each row's state (claimed, handing, handed, accepted, settled, lost) and the moves it may make are kept in
 * `BatchRows` (batch-rows.ts); a batch walks its rows in order through `step`: checks, pacing, credentials and
 * the message (`prepare`), the hand-over (`handOver`), the call (`call`) and its outcome (`afterCall`).
 */
export class ClaimedBatch {
  private readonly depth: number;
  /** Each row's state and lease (batch-rows.ts). */
  private readonly rows: BatchRows;
  /** Accepted, not recorded yet, in the order accepted (their rows are 'accepted'). */
  private unrecorded: Unrecorded[] = [];
  /** A statement running in the background while calls go on (its rows are 'handing'). */
  private background: Promise<void> | null = null;
  private backgroundError: unknown = null;
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
    this.rows = new BatchRows(input.rows, input.claimedHandedOver, input.claimLeaseEnds);
    if (input.claimedHandedOver) this.handedEnd = input.rows.length;
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
    const { rows, profileId } = this.input;
    // Addresses that opted out after these rows were scheduled (ADR 013): one read per claim, and the rows are
    // settled unsent, their credit returned, in their turn below.
    const optedOut = await optedOutAmong(
      this.engine.db,
      profileId,
      rows.map((r) => r.recipientEmail),
    );
    for (let i = 0; i < rows.length; i++) {
      const verdict = await this.step(rows[i] as ClaimedDelivery, i, optedOut);
      if (verdict !== 'next') return verdict;
    }
    await this.flush();
    return 'continue';
  }

  /** One row, in its turn: `next` goes on to the following row, a verdict ends the batch. */
  private async step(row: ClaimedDelivery, i: number, optedOut: ReadonlySet<string>): Promise<BatchVerdict | 'next'> {
    const { engine } = this;
    const { profileId } = this.input;
    if (this.rows.is(row.id, 'handing')) await this.settleBackground();
    if (this.accountDeleted) return await this.giveBack(i, 'pending');
    if (this.rows.is(row.id, 'lost')) return 'next'; // The sweeper took it back (this worker stalled); it is someone else's now.
    if (optedOut.has(row.recipientEmail.toLowerCase())) {
      if (await this.settleRow(row, (lease) => recordOptedOut(engine.db, row.id, lease))) engine.notifyChange(profileId, true);
      this.uncalledFrom = i + 1;
      return 'next';
    }
    const paced = await this.waitForTurn(i);
    if (paced !== 'go') return paced;
    if (this.rows.is(row.id, 'lost')) return 'next';
    const prepared = await this.prepare(row, i);
    if (prepared === 'next' || prepared === 'stop') return prepared;
    if (!(await this.handOver(row, i, prepared.creds.email))) return 'next';
    return this.call(row, i, prepared.creds, prepared.parts);
  }

  /**
   * Stopping, or sending paused for everyone: the rows not given to the provider go back to the queue.
   * Otherwise waits for pacing to let row `i` leave.
   */
  private async waitForTurn(i: number): Promise<'go' | 'stop'> {
    const { engine } = this;
    if (engine.stopping() || engine.paused()) return this.giveBack(i, 'pending');
    const wait = this.input.pacer.next(engine.clock.now()) - engine.clock.now();
    if (wait > 0) {
      // Nothing to overlap with: record what was sent before waiting.
      await this.flush();
      // Rows handed over ahead are in the provider's hands as far as a crash is concerned: a worker dying in a
      // long wait would leave them to be failed unsent. Pacing rarely waits inside a claim it let go back to
      // back (a 401's second call, a window closing); for longer than a lease they go back to pending and
      // come again after it.
      if (this.waitingFrom(i).length > 0 && wait > engine.options.leaseMs) {
        engine.rest(this.input.profileId, engine.clock.now() + wait, 'pacing');
        return this.giveBack(i, 'pending');
      }
      await engine.sleep(wait);
    }
    if (engine.stopping() || engine.paused()) return this.giveBack(i, 'pending');
    return 'go';
  }

  /** The mailbox's credentials and the row's message; a row that cannot be built is settled here. */
  private async prepare(row: ClaimedDelivery, i: number): Promise<{ creds: MailboxCredentials; parts: Buffer[] } | 'next' | 'stop'> {
    const { engine } = this;
    const creds = await this.credentialsFor(i);
    if (creds === 'stop') return 'stop';
    try {
      const job = await engine.jobs.get(row.jobId, creds.email);
      const parts = renderMessage(job, {
        email: row.recipientEmail,
        company_name: row.companyName,
        sector: row.sector,
        location: row.location,
        ...(row.jobTitle ? { job_title: row.jobTitle } : {}),
        optOutUrl: engine.optOutLinks.url({ deliveryId: row.id, email: row.recipientEmail.toLowerCase() }),
      });
      return { creds, parts };
    } catch (error) {
      if (error instanceof InvalidRecipientError || error instanceof ResumeMissingError) {
        await this.settle(row, decide(error, row, this.input.settings.delay, engine.clock.now()));
        // Settled: an unexpected failure of the next row must count its attempt on that row, not this one.
        this.uncalledFrom = i + 1;
        return 'next';
      }
      throw error;
    }
  }

  /** The mailbox's credentials for row `i` on, or the batch ends (the rows given back) when there are none. */
  private async credentialsFor(i: number): Promise<MailboxCredentials | 'stop'> {
    const { engine } = this;
    const { profileId, email } = this.input;
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
    // The user linked another address after these rows were claimed for this one: nothing goes From the wrong
    // mailbox; the rows go back and are claimed again for the new one.
    if (creds.email !== email) return this.giveBack(i, 'pending');
    return creds;
  }

  /**
   * Makes sure row `i` is marked in the provider's hands before its call, handing the next ones over with it
   * when pacing lets them follow back to back, and that its lease has time left. False: the row is not ours.
   */
  private async handOver(row: ClaimedDelivery, i: number, senderEmail: string): Promise<boolean> {
    const { engine } = this;
    if (!this.rows.is(row.id, 'handed')) {
      this.handedEnd = Math.max(this.handedEnd, i + 1);
      await this.flush([row, ...this.toHandFrom(i + 1, this.backToBack())], senderEmail);
      if (!this.rows.is(row.id, 'handed')) return false;
    } else {
      // Keep at least half the pipeline handed over ahead; pacing is asked only when topping up.
      const ahead = this.handedEnd - (i + 1);
      const topUp = ahead < Math.ceil(this.depth / 2) ? this.toHandFrom(i + 1, this.backToBack()) : [];
      const oldest = this.unrecorded[0];
      const recordDue =
        this.unrecorded.length >= this.depth ||
        (oldest !== undefined && engine.clock.elapsed() - oldest.acceptedAt >= engine.options.recordEveryMs);
      if (topUp.length > 0 || recordDue) await this.flushInBackground(topUp, senderEmail);
    }
    if (this.rows.leaseEndOf(row.id) - engine.clock.elapsed() < engine.options.leaseMs / 2) {
      // The keeper has not managed to renew (the database is slow or away): renew before the call, or end
      // the run if that fails too. A row the sweeper already took is someone else's now.
      await this.settleBackground();
      await this.renew();
      if (this.rows.is(row.id, 'lost')) return false;
    }
    return true;
  }

  /** Gives row `i` to the provider and acts on what came back. */
  private async call(row: ClaimedDelivery, i: number, creds: MailboxCredentials, parts: Buffer[]): Promise<BatchVerdict | 'next'> {
    const { engine } = this;
    const { profileId, pacer } = this.input;
    this.uncalledFrom = i + 1;
    const window = row.windowed ? windowOf(this.input.settings.window) : null;
    const message = { mime: parts, to: row.recipientEmail };
    const outcome = await attemptDelivery(engine, profileId, message, pacer, creds, () => this.input.credentials(true), window);
    return this.afterCall(row, i, outcome);
  }

  private async afterCall(row: ClaimedDelivery, i: number, outcome: AttemptOutcome): Promise<BatchVerdict | 'next'> {
    const { engine } = this;
    const { profileId } = this.input;
    switch (outcome.kind) {
      case 'closed':
        // The window closed while the batch ran: this row and the rest wait in the queue; the run claims again
        // (any-time jobs' rows still go) or rests until the window opens.
        this.uncalledFrom = i;
        await this.giveBack(i, 'pending');
        return 'continue';
      case 'unavailable':
        // invalid_grant on the forced refresh after a 401: Gmail refused the call, nothing left.
        await this.giveBack(i, 'held');
        engine.notifyChange(profileId, false);
        return 'stop';
      case 'credentials-refused':
        // The mailbox's own credentials no longer work (a changed app password, consent withdrawn): as after an
        // invalid_grant, the link goes, its waiting messages are held and the user is told to link it again.
        engine.log.warn(
          { profileId, provider: outcome.error.provider, reason: outcome.error.reason },
          'sending: the provider refused the mailbox credentials; its messages are held',
        );
        await engine.retryingWrite(() => unlinkMailboxById(engine.mailboxDeps, this.input.mailbox.mailboxId, 'invalid_grant'));
        await this.giveBack(i, 'held');
        engine.notifyChange(profileId, false);
        return 'stop';
      case 'relinked':
        // Refused (401) and not sent; the rows go back and are claimed again for the new address.
        return this.giveBack(i, 'pending');
      case 'sent':
        // Recorded with the others; a row a renewal found gone during the call stays lost, and its record then
        // matches nothing (logged when it is written).
        if (!this.rows.is(row.id, 'lost')) this.rows.move(row.id, 'accepted');
        this.unrecorded.push({
          id: row.id,
          at: outcome.at,
          providerMessageId: outcome.providerMessageId,
          acceptedAt: engine.clock.elapsed(),
        });
        return 'next';
      case 'refused': {
        const decision = decide(outcome.error, row, this.input.settings.delay, engine.clock.now());
        if ((await this.settle(row, decision)) === 'stop') return this.giveBack(i + 1, 'pending');
        return 'next';
      }
    }
  }

  /** Carries out a failure decision on the row (see failure-decision.ts). */
  private async settle(row: ClaimedDelivery, decision: FailureDecision): Promise<BatchVerdict> {
    const { engine } = this;
    const { profileId } = this.input;
    switch (decision.kind) {
      case 'pause': {
        await engine.retryingWrite(() => pauseMailbox(engine.db, this.input.mailbox.mailboxId, decision.until));
        await this.settleRow(row, (lease) =>
          releaseDeliveries(engine.db, [{ id: row.id, lease }], 'pending', { lastError: decision.reason }),
        );
        engine.log.warn(
          { profileId, mailbox: this.input.email, until: decision.until },
          this.input.mailbox.provider === 'gmail'
            ? 'sending: Gmail daily sending limit reached; mailbox paused'
            : `sending: the ${this.input.mailbox.provider} mailbox reached its sending limit; mailbox paused`,
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

  private leaseOf(row: { id: string }): string {
    return this.rows.leaseOf(row.id);
  }

  /** Rows from `from` on this batch still holds (not settled, not lost). */
  private holdingFrom(from: number): ClaimedDelivery[] {
    return this.input.rows.slice(from).filter((r) => !this.rows.is(r.id, 'settled', 'lost'));
  }

  /** Handed-over rows from `from` on not settled yet: in the provider's hands next, or waiting for their turn. */
  private waitingFrom(from: number) {
    return this.input.rows.slice(from, this.handedEnd).filter((r) => this.rows.is(r.id, 'handed'));
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
      // A renewal during the call may have found the row gone (lost): then the write matched nothing either.
      if (!this.rows.is(row.id, 'lost')) this.rows.move(row.id, 'settled');
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
      const held = this.rows.held();
      if (held.length === 0) return;
      const issuedAt = engine.clock.elapsed();
      const renewed = await engine.retryingWrite(() => renewLeases(engine.db, held, engine.leaseSeconds));
      for (const { id } of held) {
        const lease = renewed.get(id);
        if (lease) this.rows.renewed(id, lease, issuedAt + engine.leaseSeconds * 1000);
        else this.rows.move(id, 'lost');
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
      if (this.renewing) return;
      // Nothing held: the first end is infinitely far.
      if (this.rows.firstLeaseEnd() - this.engine.clock.elapsed() > leaseMs - renewEveryMs / 2) return;
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
      // Recorded, or (when fewer were) settled by the sweeper meanwhile: no longer ours either way.
      for (const r of sent) if (this.rows.is(r.id, 'accepted')) this.rows.move(r.id, 'settled');
      const { profileId } = this.input;
      if (result.recorded > 0) engine.notifyChange(profileId, false);
      if (result.recorded < sent.length && !(await this.noteIfDeleted({ sent: sent.length - result.recorded })))
        engine.log.error({ profileId }, 'sending: sent, but the row was settled by the sweeper meanwhile');
      for (const r of toHand) {
        const lease = result.handed.get(r.id);
        if (!lease) {
          this.rows.move(r.id, 'lost');
          continue;
        }
        this.rows.move(r.id, 'handed');
        if (lease !== this.leaseOf(r)) this.rows.renewed(r.id, lease, issuedAt + handOverSeconds * 1000);
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
    for (const r of toHand) if (this.rows.is(r.id, 'claimed')) this.rows.move(r.id, 'handing');
    this.background = this.flushNow(toHand, senderEmail)
      .catch((error: unknown) => {
        this.backgroundError = error;
      })
      .finally(() => {
        // A hand-over that failed leaves its rows as they were: claimed, not in the provider's hands.
        for (const r of toHand) if (this.rows.is(r.id, 'handing')) this.rows.move(r.id, 'claimed');
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
      const holding = this.holdingFrom(from);
      const released = await this.engine.retryingWrite(() =>
        releaseDeliveries(
          this.engine.db,
          holding.map((r) => ({ id: r.id, lease: this.leaseOf(r) })),
          to,
          options,
        ),
      );
      for (const r of holding) this.rows.move(r.id, 'settled');
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
      const unsent = this.holdingFrom(this.uncalledFrom);
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
        for (const r of rest) this.rows.move(r.id, 'settled');
        return released;
      });
      if (settled > 0) engine.notifyChange(profileId, true);
    } catch (error) {
      engine.log.error({ err: error, profileId }, 'sending: could not give back unsent deliveries; their lease will settle them');
    }
  }
}
