import { mailboxCredentials } from '../../mailbox/mailbox-credentials';
import { MailboxPacer } from '../pacing';
import { dailyCapFor, mailboxDailyCap } from '../sending-settings';
import { isOpen, nextOpening, windowOf } from '../window';
import { ClaimedBatch } from './claimed-batch';
import type { MailboxCredentials, SendingEngine } from './engine';
import { type ActiveMailbox, type ClaimedMailbox, claimDeliveries, sendHistory } from './queue';

/** How long a cached access token is trusted before asking the mailbox module again (it refreshes early). */
const CREDENTIALS_TTL_MS = 5 * 60_000;

/**
 * One mailbox run: the worker owns the mailbox while it has rows in 'sending'. It paces by the mailbox's
 * history, claims the due deliveries pacing allows within the claim horizon and sends each claimed batch,
 * until nothing is due soon, its slice is over while other mailboxes wait, or a batch ends it.
 */
export class MailboxRun {
  private email: string;
  /** The mailbox the last claim's rows leave from. */
  private sender: ClaimedMailbox | undefined;
  private cached: (MailboxCredentials & { at: number }) | undefined;
  private holding = false;

  constructor(
    private readonly engine: SendingEngine,
    private readonly mailbox: ActiveMailbox,
    /** Other mailboxes wait for a slot: give it back after the run's slice. */
    private readonly othersWaiting: boolean,
  ) {
    this.email = mailbox.email;
  }

  /** The claimed mailbox's credentials, cached; `force` refreshes the token. */
  private async credentials(force = false): Promise<MailboxCredentials> {
    const { profileId } = this.mailbox;
    const cached = this.cached;
    const sender = this.sender as ClaimedMailbox;
    const now = this.engine.clock.elapsed();
    if (this.engine.takeLinkChange(profileId) || force || !cached || now - cached.at > CREDENTIALS_TTL_MS) {
      const fresh = await mailboxCredentials(this.engine.mailboxDeps, sender.mailboxId, force ? { forceRefresh: true } : {});
      const entry = { ...fresh, at: now };
      this.cached = entry;
      return entry;
    }
    return cached;
  }

  /** The rolling-24 h cap of the mailbox sending (before the first claim: the one the pick named, a Gmail's rule). */
  private capOf(settings: { dailyCaps: Parameters<typeof dailyCapFor>[1] }): number {
    const sender = this.sender;
    if (!sender) return dailyCapFor(this.email, settings.dailyCaps, this.mailbox.dailyCap);
    return mailboxDailyCap(sender, settings.dailyCaps);
  }

  async run(): Promise<void> {
    const { engine, mailbox } = this;
    const { profileId } = mailbox;
    const { options, clock } = engine;
    const started = clock.elapsed();
    let settings = await engine.settings();
    let pacer = new MailboxPacer(
      settings.delay,
      dailyCapFor(this.email, settings.dailyCaps, mailbox.dailyCap),
      await sendHistory(engine.db, this.email),
    );

    while (!engine.stopping() && !engine.paused()) {
      if (this.othersWaiting && clock.elapsed() - started > options.runSliceMs) return;
      settings = await engine.settings();
      pacer.update(settings.delay, this.capOf(settings));
      const now = clock.now();
      const next = pacer.next(now);
      if (next > now + options.claimHorizonMs) {
        engine.rest(profileId, next - options.claimHorizonMs / 2, 'pacing');
        return;
      }
      const want = Math.max(1, pacer.sendableWithin(now, options.claimHorizonMs, options.maxClaim));
      // When pacing lets the whole claim leave back to back, the claim hands the rows over too (see ClaimedBatch).
      const handOver = want > 1 && pacer.sendableWithin(now, 0, want) >= want;
      const claimedAt = clock.elapsed();
      // One lease length: the batch renews it for as long as it holds the rows.
      const window = windowOf(settings.window);
      const claim = await claimDeliveries(engine.db, profileId, want, engine.leaseSeconds, handOver, new Date(now), isOpen(now, window));
      if (claim.kind === 'busy') {
        engine.rest(profileId, clock.now() + 5 * options.pollMs, 'busy');
        return;
      }
      if (claim.kind === 'unavailable') return;
      if (claim.kind === 'idle') {
        // Working-hours rows wait for the window as well as for their due time.
        const windowed = claim.nextWindowedDueAt ? nextOpening(Math.max(now, claim.nextWindowedDueAt.getTime()), window) : null;
        const due = [claim.nextDueAt?.getTime() ?? null, windowed].filter((t): t is number => t !== null);
        engine.rest(profileId, due.length > 0 ? Math.min(...due) : clock.now() + 5 * options.pollMs, 'queue');
        return;
      }
      // Another mailbox of the user (a job scheduled from it), or relinked to another address between the poll
      // and the claim: its pacing history and credentials are not the ones held.
      const relinked = claim.email !== this.email || claim.mailbox.mailboxId !== this.sender?.mailboxId;
      this.sender = claim.mailbox;
      if (relinked) {
        this.email = claim.email;
        this.cached = undefined;
      }
      if (!this.holding || relinked) {
        // The history is read again once the mailbox is ours: read before the claim, it may miss the last send
        // of a worker that held the mailbox until just then (or belong to the old address after a relink).
        this.holding = true;
        pacer = new MailboxPacer(settings.delay, this.capOf(settings), await sendHistory(engine.db, this.email));
        // Which process sends for a mailbox (several workers share the queue): at debug level, once a run.
        engine.log.debug({ profileId, mailbox: this.email, pid: process.pid }, 'sending: mailbox run holds the mailbox');
      }
      const batch = new ClaimedBatch(engine, {
        profileId,
        email: this.email,
        mailbox: claim.mailbox,
        rows: claim.rows,
        claimedHandedOver: handOver,
        claimLeaseEnds: claimedAt + engine.leaseSeconds * 1000,
        pacer,
        settings,
        credentials: (force) => this.credentials(force),
      });
      if ((await batch.send()) === 'stop') return;
    }
  }
}
