import { deliveryFailureText } from '@sira/shared/messages/sending';
import type { SendingSettings } from '@sira/shared/schemas/sending-admin';
import type { BackgroundContext, BackgroundTask } from '../../../background';
import { getSendingCredentials, MailboxUnavailableError } from '../../mailbox/mailbox-credentials';
import { createGmailSendClient, type GmailSendClient, GmailSendError } from '../gmail-send';
import { InvalidRecipientError, renderMessage } from '../mime';
import { DAY_MS, MailboxPacer } from '../pacing';
import { databaseResumeStorage, ResumeMissingError, type ResumeStorage } from '../resume-storage';
import { dailyCapFor, readSendingSettings } from '../sending-settings';
import { JobMessageCache } from './job-cache';
import { CoalescingNotifier } from './notifier';
import {
  type ActiveMailbox,
  activeMailboxes,
  type ClaimedDelivery,
  claimDeliveries,
  pauseMailbox,
  recordAndHandOver,
  recordFailed,
  releaseDeliveries,
  renewLeases,
  type SentRecord,
  scheduleRetry,
  sendHistory,
  sweepExpiredLeases,
} from './queue';

/**
 * The sending worker (docs/architecture.md "Job flow (sending)", ADR 002, ADR 008). A scheduler loop finds mailboxes
 * with work and runs one session per mailbox, several mailboxes at once (bounded). A session owns its mailbox
 * while it has rows in 'sending': it claims a few due deliveries and sends them one at a time at the times the
 * pacing rule allows, marking each row handed over before its call and recording the answer in it after
 * (see sendClaimed for the full-speed pipeline). A sweeper settles rows whose lease ran out (a worker that
 * died). The same code runs inside the embedded server and in `npm run worker`
 * processes; any number of them coordinate through row locks.
 */

export interface SendingWorkerOptions {
  /** Mailboxes sending at the same time in this process. */
  concurrency?: number;
  /** How far ahead a claim reaches: the sends pacing allows within this window. */
  claimHorizonMs?: number;
  /** Most deliveries one claim takes. */
  maxClaim?: number;
  /**
   * Length of every lease. A session renews its rows' leases every third of it while it holds them (calls and
   * pacing waits included), so after a worker dies its mailboxes are free again within about this long plus
   * one sweep (ADR 008, "Leases").
   */
  leaseMs?: number;
  /** Deadline of one provider call. */
  sendTimeoutMs?: number;
  /** At full-speed pacing, how many messages of a mailbox are handed over ahead (see sendClaimed). */
  pipelineDepth?: number;
  /** In a pipeline, accepted messages are recorded once `pipelineDepth` of them wait, or the oldest waited this long. */
  recordEveryMs?: number;
  /** Polling when nothing wakes the scheduler. */
  pollMs?: number;
  sweepEveryMs?: number;
  /** A session gives its slot back after this long when other mailboxes wait. */
  sessionSliceMs?: number;
  /** A mailbox whose session failed unexpectedly waits this long before the next one. */
  failedSessionRestMs?: number;
  settingsTtlMs?: number;
  /** Where the résumés are read from (tests give one whose reads fail). */
  storage?: ResumeStorage;
  /** Live-event window per user and topic. */
  notifyWindowMs?: number;
}

const DEFAULTS = {
  concurrency: 16,
  claimHorizonMs: 5_000,
  maxClaim: 100,
  leaseMs: 15_000,
  sendTimeoutMs: 30_000,
  pipelineDepth: 64,
  recordEveryMs: 500,
  pollMs: 1_000,
  sweepEveryMs: 5_000,
  sessionSliceMs: 30_000,
  failedSessionRestMs: 5_000,
  settingsTtlMs: 5_000,
  notifyWindowMs: 300,
};

/** Waits before trying a failed recording write again; after the last the session ends (see sendClaimed). */
const WRITE_RETRY_DELAYS_MS = [500, 2_000];

/** How long a cached access token is trusted before asking the mailbox module again (it refreshes early). */
const CREDENTIALS_TTL_MS = 5 * 60_000;

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));
const withDetail = (reason: string, detail: string) => `${reason} (${detail.slice(0, 500)})`;

export function startSendingWorker(ctx: BackgroundContext, overrides: SendingWorkerOptions = {}): BackgroundTask {
  const o = { ...DEFAULTS, ...overrides };
  const storage = overrides.storage ?? databaseResumeStorage(ctx.db);
  const gmail: GmailSendClient = createGmailSendClient({
    apiBase: ctx.providers.google.gmailApiBase,
    timeoutMs: o.sendTimeoutMs,
    maxSockets: o.concurrency * 2,
  });
  const jobs = new JobMessageCache(ctx.db, storage, ctx.log);
  const notifier = new CoalescingNotifier(ctx.events, o.notifyWindowMs);
  const mailboxDeps = { db: ctx.db, secretBox: ctx.secretBox, providers: ctx.providers, events: ctx.events };

  const leaseSeconds = Math.max(1, Math.ceil(o.leaseMs / 1000));
  const sessions = new Map<string, Promise<void>>();
  /**
   * Mailboxes with nothing to do here before a time: a pacing wait, retries not yet due, token trouble, or
   * another worker holding the mailbox ('busy', which events about that mailbox do not clear).
   */
  const notBefore = new Map<string, { until: number; busy?: boolean }>();
  const rest = (profileId: string, until: number, busy = false) => notBefore.set(profileId, { until, busy });
  const lastServed = new Map<string, number>();
  /** Sessions whose user's link changed (linked again, perhaps to another address): their cached token goes. */
  const linkChanged = new Set<string>();
  let stopping = false;
  let lastSweep = 0;
  let timer: NodeJS.Timeout | undefined;
  let timerDue = 0;
  let ticking: Promise<void> | undefined;
  const sleepers = new Set<() => void>();

  /** One read shared by every session asking at the same time (all of them, when the worker starts). */
  let settingsCache: { at: number; value: Promise<SendingSettings> } | undefined;
  const settings = (): Promise<SendingSettings> => {
    if (!settingsCache || Date.now() - settingsCache.at > o.settingsTtlMs) {
      const value = readSendingSettings(ctx.db);
      settingsCache = { at: Date.now(), value };
      // A failed read is not kept: the callers get its error, the next one asks the database again.
      value.catch(() => {
        if (settingsCache?.value === value) settingsCache = undefined;
      });
    }
    return settingsCache.value;
  };

  /** Sleeps, but wakes at once when the worker stops. */
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      if (stopping || ms <= 0) return resolve();
      const done = () => {
        clearTimeout(t);
        sleepers.delete(done);
        resolve();
      };
      const t = setTimeout(done, ms);
      sleepers.add(done);
    });

  /**
   * Writes that record what already happened at the provider are tried again through a short database outage
   * (a failover, a dropped connection): each is one statement matched by row id and lease, so a retry can
   * neither apply twice nor touch a row that is no longer ours.
   */
  async function retryingWrite<T>(write: () => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await write();
      } catch (error) {
        const wait = WRITE_RETRY_DELAYS_MS[attempt];
        if (wait === undefined) throw error;
        ctx.log.warn({ err: error, attempt: attempt + 1 }, 'sending: could not record in the database; trying again');
        // A plain timer, not `sleep`: a worker that is stopping needs these writes most.
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
  }

  const notifyChange = (profileId: string, balanceChanged: boolean) => {
    notifier.notify(profileId, 'sending');
    if (balanceChanged) notifier.notify(profileId, 'profile');
  };

  async function sweep() {
    lastSweep = Date.now();
    const { released, failed } = await sweepExpiredLeases(ctx.db, deliveryFailureText.leaseExpired);
    // Those mailboxes are free now: a rest taken because they were busy (held by the worker that died) ends, so
    // this pass can take them over at once instead of after the rest.
    for (const profileId of new Set([...released, ...failed])) if (notBefore.get(profileId)?.busy) notBefore.delete(profileId);
    for (const profileId of new Set(released)) notifyChange(profileId, false);
    for (const profileId of new Set(failed)) notifyChange(profileId, true);
    if (failed.length > 0) ctx.log.warn({ count: failed.length }, 'sending: deliveries failed after their lease expired without an answer');
  }

  /** The settings the current rests were planned with (see tick). */
  let restsPlannedWith: string | undefined;

  async function tick() {
    if (stopping) return;
    try {
      if (Date.now() - lastSweep >= o.sweepEveryMs) await sweep();
      // Rests were planned with the settings of their time: once the admin saves others (in this process or
      // another), a mailbox resting for an hour's batch_delay or a daily cap since raised may send now.
      const planned = JSON.stringify(await settings());
      if (restsPlannedWith !== undefined && planned !== restsPlannedWith) {
        for (const [profileId, resting] of notBefore) if (!resting.busy) notBefore.delete(profileId);
      }
      restsPlannedWith = planned;
      const free = o.concurrency - sessions.size;
      if (free <= 0) return;
      const now = Date.now();
      for (const [profileId, resting] of notBefore) if (resting.until <= now) notBefore.delete(profileId);
      const candidates = (await activeMailboxes(ctx.db, free * 4, [...sessions.keys(), ...notBefore.keys()])).sort(
        (a, b) => (lastServed.get(a.profileId) ?? 0) - (lastServed.get(b.profileId) ?? 0),
      );
      for (const mailbox of candidates.slice(0, free)) startSession(mailbox, candidates.length > free);
    } catch (error) {
      ctx.log.error({ err: error }, 'sending: scheduler pass failed');
    }
  }

  function schedule(delayMs: number) {
    if (stopping) return;
    // An earlier pass already planned wins: a stream of events cannot keep pushing the pass back.
    if (timer && timerDue <= Date.now() + delayMs) return;
    if (timer) clearTimeout(timer);
    timerDue = Date.now() + delayMs;
    timer = setTimeout(() => {
      timer = undefined;
      ticking = tick().finally(() => {
        ticking = undefined;
        schedule(o.pollMs);
      });
    }, delayMs);
  }

  function startSession(mailbox: ActiveMailbox, othersWaiting: boolean) {
    lastServed.set(mailbox.profileId, Date.now());
    const run = runSession(mailbox, othersWaiting)
      .catch((error: unknown) => {
        ctx.log.error({ err: error, profileId: mailbox.profileId }, 'sending: mailbox session failed');
        rest(mailbox.profileId, Date.now() + o.failedSessionRestMs);
      })
      .finally(() => {
        sessions.delete(mailbox.profileId);
        linkChanged.delete(mailbox.profileId);
        // A slot is free: look for the next mailbox soon rather than at the next poll.
        schedule(10);
      });
    sessions.set(mailbox.profileId, run);
  }

  async function runSession(mailbox: ActiveMailbox, othersWaiting: boolean): Promise<void> {
    const { profileId } = mailbox;
    const started = Date.now();
    let current = await settings();
    let email = mailbox.email;
    let cap = dailyCapFor(email, current.dailyCaps, mailbox.dailyCap);
    let pacer = new MailboxPacer(current.delay, cap, await sendHistory(ctx.db, email));
    let credentials: { email: string; accessToken: string; at: number } | undefined;
    let holding = false;

    const credentialsFor = async (force = false) => {
      if (linkChanged.delete(profileId) || force || !credentials || Date.now() - credentials.at > CREDENTIALS_TTL_MS) {
        const fresh = await getSendingCredentials(mailboxDeps, profileId, force ? { forceRefresh: true } : {});
        credentials = { ...fresh, at: Date.now() };
      }
      return credentials;
    };

    while (!stopping) {
      if (othersWaiting && Date.now() - started > o.sessionSliceMs) return;
      current = await settings();
      cap = dailyCapFor(email, current.dailyCaps, mailbox.dailyCap);
      pacer.update(current.delay, cap);
      const now = Date.now();
      const next = pacer.next(now);
      if (next > now + o.claimHorizonMs) {
        rest(profileId, next - o.claimHorizonMs / 2);
        return;
      }
      const want = Math.max(1, pacer.sendableWithin(now, o.claimHorizonMs, o.maxClaim));
      // One lease length: the session renews it for as long as it holds the rows (see sendClaimed).
      const claimLease = leaseSeconds;
      // When pacing lets the whole claim leave back to back, the claim hands the rows over too (see sendClaimed).
      const handOver = want > 1 && pacer.sendableWithin(now, 0, want) >= want;
      const claimedAt = Date.now();
      const claim = await claimDeliveries(ctx.db, profileId, want, claimLease, handOver);
      if (claim.kind === 'busy') {
        rest(profileId, Date.now() + 5 * o.pollMs, true);
        return;
      }
      if (claim.kind === 'unavailable') return;
      if (claim.kind === 'idle') {
        rest(profileId, claim.nextDueAt ? claim.nextDueAt.getTime() : Date.now() + 5 * o.pollMs);
        return;
      }
      if (claim.email !== email) {
        // Relinked to another address between the poll and the claim: pace by the new mailbox's history, and
        // use its token (the one cached belongs to the old link).
        email = claim.email;
        credentials = undefined;
        cap = dailyCapFor(email, current.dailyCaps, claim.dailyCap);
        pacer = new MailboxPacer(current.delay, cap, await sendHistory(ctx.db, email));
      }
      if (!holding) {
        holding = true;
        // Which process sends for a mailbox (several workers share the queue): at debug level, once a session.
        ctx.log.debug({ profileId, mailbox: email, pid: process.pid }, 'sending: session holds the mailbox');
      }
      const claimLeaseEnds = claimedAt + claimLease * 1000;
      const verdict = await sendClaimed(profileId, email, claim.rows, handOver, claimLeaseEnds, pacer, current, credentialsFor);
      if (verdict === 'stop-session') return;
    }
  }

  type Verdict = 'continue' | 'stop-session';

  /**
   * Sends a claimed batch in order, one provider call at a time.
   *
   * With ordinary pacing each message is handed over (the durable "in flight" mark) right before its call and
   * recorded right after: one row of the mailbox is ever in the provider's hands unrecorded.
   *
   * When pacing lets messages leave back to back, waiting for a commit between calls would make the database
   * the pace-setter, so the work is pipelined: the next messages (up to `pipelineDepth`) are handed over in one
   * statement, and the accepted ones are recorded together, while calls are on the wire. When pacing lets the
   * whole claim go at once, the claim itself handed the rows over (`claimedHandedOver`) and only the answers
   * are written. A worker that dies then leaves at most max(maxClaim, 2 × depth + 1) rows of the mailbox
   * handed over: the sweeper fails and refunds them — it never sends one twice.
   */
  async function sendClaimed(
    profileId: string,
    email: string,
    rows: ClaimedDelivery[],
    claimedHandedOver: boolean,
    /** When the claim's lease ends, by this process's clock (see leaseEnds). */
    claimLeaseEnds: number,
    pacer: MailboxPacer,
    current: SendingSettings,
    credentialsFor: (force?: boolean) => Promise<{ email: string; accessToken: string }>,
  ): Promise<Verdict> {
    const depth = Math.max(1, o.pipelineDepth);
    /**
     * The lease each row this session still holds in the database ('sending', not settled, not lost) has now:
     * the fencing token every write names. Renewals and hand-overs change it; a row leaves when it is settled.
     */
    const leases = new Map<string, string>(rows.map((r) => [r.id, r.lease]));
    /**
     * When each held row's lease ends, by this process's clock: the time just before the statement that set it
     * plus its length, so never later than the database's own end (durations need no shared clock).
     */
    const leaseEnds = new Map<string, number>(rows.map((r) => [r.id, claimLeaseEnds]));
    /** Rows handed over and not settled yet. */
    const handedOver = new Set<string>();
    /** Rows a hand-over or a renewal found no longer ours (the sweeper took them): skipped. */
    const lost = new Set<string>();
    const leaseOf = (row: { id: string; lease?: string }) => leases.get(row.id) ?? row.lease ?? '';
    const forget = (id: string) => {
      leases.delete(id);
      leaseEnds.delete(id);
      handedOver.delete(id);
    };
    const holding = (from: number) => rows.slice(from).map((r) => ({ id: r.id, lease: leaseOf(r) }));
    /** Accepted by the provider, not recorded yet (still 'sending' and held: renewals keep their leases too). */
    let unrecorded: Array<Omit<SentRecord, 'lease'>> = [];
    /** A statement running in the background while calls go on, and the rows it is handing over. */
    let background: Promise<void> | null = null;
    let backgroundError: unknown = null;
    const beingHanded = new Set<string>();
    /** Rows before this index have been handed over, are being handed over, or were found lost: hand-overs go in order. */
    let handedEnd = 0;
    /** Handed-over rows from `from` on not settled yet: in the provider's hands next, or waiting for their turn. */
    const waitingFrom = (from: number) => rows.slice(from, handedEnd).filter((r) => handedOver.has(r.id) && !lost.has(r.id));
    if (claimedHandedOver) {
      for (const r of rows) handedOver.add(r.id);
      handedEnd = rows.length;
    }

    /**
     * Every write that names leases runs alone: a renewal changes the leases, and a write running beside it
     * would name the old ones and miss its rows. Provider calls are not writes and go on meanwhile.
     */
    let writing: Promise<unknown> = Promise.resolve();
    const exclusive = <T>(write: () => Promise<T>): Promise<T> => {
      const run = writing.then(write, write);
      writing = run.catch(() => undefined);
      return run;
    };
    /** One write that names the row's lease at the moment it runs, tried again through a short outage; the row is settled after. */
    const settleRow = <T>(row: ClaimedDelivery, write: (lease: string) => Promise<T>): Promise<T> =>
      exclusive(async () => {
        const result = await retryingWrite(() => write(leaseOf(row)));
        forget(row.id);
        return result;
      });

    /**
     * Renews the lease of every row held, whatever it is doing: waiting its turn, in a call, or accepted and
     * not recorded yet. A row missing from the answer is no longer ours.
     */
    const renew = () =>
      exclusive(async () => {
        const held = [...leases].map(([id, lease]) => ({ id, lease }));
        if (held.length === 0) return;
        const issuedAt = Date.now();
        const renewed = await retryingWrite(() => renewLeases(ctx.db, held, leaseSeconds));
        for (const { id } of held) {
          const lease = renewed.get(id);
          if (lease) {
            leases.set(id, lease);
            leaseEnds.set(id, issuedAt + leaseSeconds * 1000);
          } else {
            lost.add(id);
            forget(id);
          }
        }
        if (renewed.size < held.length)
          ctx.log.error({ profileId }, 'sending: a lease ran out before it was renewed; the sweeper settled its rows');
      });
    /**
     * The lease keeper: every third of a lease, the leases are renewed unless one was set less than half a
     * period ago. A renewal that fails is tried at the next period; before each call a lease with less than half
     * its length left is renewed first, and a failure there ends the session.
     */
    const renewEveryMs = o.leaseMs / 3;
    let renewing = false;
    const keeper = setInterval(() => {
      if (renewing || leaseEnds.size === 0) return;
      if (Math.min(...leaseEnds.values()) - Date.now() > o.leaseMs - renewEveryMs / 2) return;
      renewing = true;
      renew()
        .catch((error: unknown) => ctx.log.warn({ err: error, profileId }, 'sending: could not renew leases; trying again'))
        .finally(() => {
          renewing = false;
        });
    }, renewEveryMs);

    /** A hand-over only makes sure some lease is left; the keeper renews it (so it rarely changes: no index entry). */
    const handOverSeconds = Math.max(1, Math.ceil(o.leaseMs / 3000));
    const flushNow = async (toHand: ClaimedDelivery[], senderEmail: string) => {
      if (unrecorded.length === 0 && toHand.length === 0) return;
      await exclusive(async () => {
        const sent = unrecorded;
        unrecorded = [];
        if (sent.length === 0 && toHand.length === 0) return;
        const hand =
          toHand.length > 0
            ? { rows: toHand.map((r) => ({ id: r.id, lease: leaseOf(r) })), senderEmail, leaseSeconds: handOverSeconds }
            : null;
        const records = sent.map((r) => ({ ...r, lease: leaseOf(r) }));
        let result: Awaited<ReturnType<typeof recordAndHandOver>>;
        const issuedAt = Date.now();
        try {
          result = await retryingWrite(() => recordAndHandOver(ctx.db, records, hand));
        } catch (error) {
          // Still sent: kept for a later attempt (see abandon) rather than forgotten.
          unrecorded = [...sent, ...unrecorded];
          throw error;
        }
        for (const r of sent) forget(r.id);
        if (result.recorded > 0) notifyChange(profileId, false);
        if (result.recorded < sent.length) ctx.log.error({ profileId }, 'sending: sent, but the row was settled by the sweeper meanwhile');
        for (const r of toHand) {
          const lease = result.handed.get(r.id);
          if (!lease) {
            lost.add(r.id);
            forget(r.id);
            continue;
          }
          handedOver.add(r.id);
          if (lease !== leaseOf(r)) {
            leases.set(r.id, lease);
            leaseEnds.set(r.id, issuedAt + handOverSeconds * 1000);
          }
        }
      });
    };
    const settleBackground = async () => {
      if (background) await background;
      background = null;
      if (backgroundError) {
        const error = backgroundError;
        backgroundError = null;
        throw error;
      }
    };
    const flush = async (toHand: ClaimedDelivery[] = [], senderEmail = email) => {
      await settleBackground();
      await flushNow(toHand, senderEmail);
    };
    const flushInBackground = async (toHand: ClaimedDelivery[], senderEmail: string) => {
      await settleBackground();
      for (const r of toHand) beingHanded.add(r.id);
      background = flushNow(toHand, senderEmail)
        .catch((error: unknown) => {
          backgroundError = error;
        })
        .finally(() => {
          for (const r of toHand) beingHanded.delete(r.id);
        });
    };
    /** The rows up to `from + count` not handed over yet (they are from now on). */
    const toHandFrom = (from: number, count: number) => {
      const start = Math.max(from, handedEnd);
      const end = Math.min(rows.length, from + count);
      if (end <= start) return [];
      handedEnd = end;
      return rows.slice(start, end);
    };
    /** How many of the following messages may leave right behind this one (pacing at full speed). */
    const backToBack = () => Math.min(depth, pacer.sendableWithin(Date.now(), 0, depth + 1) - 1);
    const release = (from: number, to: 'pending' | 'held', options?: { lastError?: string; dueInSeconds?: number }) =>
      exclusive(async () => {
        const released = await retryingWrite(() => releaseDeliveries(ctx.db, holding(from), to, options));
        for (const r of rows.slice(from)) forget(r.id);
        return released;
      });
    const giveBack = async (from: number, to: 'pending' | 'held', options?: { lastError?: string; dueInSeconds?: number }) => {
      await flush();
      await release(from, to, options);
      return 'stop-session' as const;
    };

    /**
     * An unexpected failure ends the session (a database outage longer than the retries, a résumé that could
     * not be read, a fault in the code). Answers already in are recorded if the database allows, and the rows never
     * given to the provider go back to pending at once — left alone, the claim's hand-over mark would have the
     * sweeper fail them unsent. The row that was being prepared counts an attempt (due again after
     * retry_delay, failed after max_retries), so a failure that repeats ends instead of looping forever.
     */
    const abandon = async (uncalledFrom: number, cause: unknown) => {
      try {
        if (background) await background;
        background = null;
        backgroundError = null;
        await flushNow([], email);
      } catch (error) {
        ctx.log.error({ err: error, profileId }, 'sending: could not record answers before ending the session');
      }
      try {
        const unsent = rows.slice(uncalledFrom).filter((r) => !lost.has(r.id));
        const [next, ...rest] = unsent;
        let settled = 0;
        if (next) {
          const reason = errorText(cause);
          const ended =
            next.attempts + 1 > current.delay.max_retries
              ? await settleRow(next, (lease) =>
                  recordFailed(ctx.db, next.id, lease, withDetail(deliveryFailureText.retriesExhausted, reason)),
                )
              : await settleRow(next, (lease) =>
                  scheduleRetry(ctx.db, next.id, lease, withDetail(deliveryFailureText.willRetry, reason), current.delay.retry_delay),
                );
          if (ended) settled++;
        }
        settled += await exclusive(async () => {
          const released = await retryingWrite(() =>
            releaseDeliveries(
              ctx.db,
              rest.map((r) => ({ id: r.id, lease: leaseOf(r) })),
              'pending',
            ),
          );
          for (const r of rest) forget(r.id);
          return released;
        });
        if (settled > 0) notifyChange(profileId, true);
      } catch (error) {
        ctx.log.error({ err: error, profileId }, 'sending: could not give back unsent deliveries; their lease will settle them');
      }
    };

    /** Rows from this index on have not been given to the provider. */
    let uncalledFrom = 0;
    try {
      for (let i = 0; i < rows.length; i++) {
        const row = rows[i] as ClaimedDelivery;
        if (beingHanded.has(row.id)) await settleBackground();
        if (lost.has(row.id)) continue; // The sweeper took it back (this worker stalled); it is someone else's now.
        if (stopping) return await giveBack(i, 'pending');
        const wait = pacer.next(Date.now()) - Date.now();
        if (wait > 0) {
          // Nothing to overlap with: record what was sent before waiting.
          await flush();
          // Rows handed over ahead are in the provider's hands as far as a crash is concerned: a worker dying in a
          // long wait would leave them to be failed unsent. Pacing rarely waits inside a claim it let go back to
          // back (a 401's second call, a window closing); for longer than a lease they go back to pending and
          // come again after it.
          if (waitingFrom(i).length > 0 && wait > o.leaseMs) {
            rest(profileId, Date.now() + wait);
            return await giveBack(i, 'pending');
          }
          await sleep(wait);
        }
        if (stopping) return await giveBack(i, 'pending');
        if (lost.has(row.id)) continue;

        let creds: { email: string; accessToken: string };
        try {
          creds = await credentialsFor();
        } catch (error) {
          if (error instanceof MailboxUnavailableError) {
            // The mailbox module unlinked it (invalid_grant) and held the pending rows; ours join them.
            await giveBack(i, 'held');
            notifyChange(profileId, false);
            return 'stop-session';
          }
          // The token endpoint is unreachable or refuses the platform: nothing was sent, try again later.
          ctx.log.warn({ err: error, profileId }, 'sending: could not get mailbox credentials');
          await giveBack(i, 'pending', {
            lastError: withDetail(deliveryFailureText.mailboxUnreachable, errorText(error)),
            dueInSeconds: 30,
          });
          rest(profileId, Date.now() + 30_000);
          return 'stop-session';
        }
        if (creds.email !== email) {
          // The user linked another address after these rows were claimed for this one: nothing goes From the
          // wrong mailbox; the rows go back and are claimed again for the new one.
          await giveBack(i, 'pending');
          return 'stop-session';
        }

        let parts: Buffer[];
        try {
          const job = await jobs.get(row.jobId, creds.email);
          parts = renderMessage(job, {
            email: row.recipientEmail,
            company_name: row.companyName,
            sector: row.sector,
            location: row.location,
          });
        } catch (error) {
          if (error instanceof InvalidRecipientError || error instanceof ResumeMissingError) {
            const reason =
              error instanceof ResumeMissingError
                ? deliveryFailureText.resumeMissing
                : withDetail(deliveryFailureText.rejected, error.message);
            if (await settleRow(row, (lease) => recordFailed(ctx.db, row.id, lease, reason))) notifyChange(profileId, true);
            // Settled: an unexpected failure of the next row must count its attempt on that row, not this one.
            uncalledFrom = i + 1;
            continue;
          }
          throw error;
        }

        if (!handedOver.has(row.id)) {
          handedEnd = Math.max(handedEnd, i + 1);
          await flush([row, ...toHandFrom(i + 1, backToBack())], creds.email);
          if (!handedOver.has(row.id)) continue;
        } else {
          // Keep at least half the pipeline handed over ahead; pacing is asked only when topping up.
          const ahead = handedEnd - (i + 1);
          const topUp = ahead < Math.ceil(depth / 2) ? toHandFrom(i + 1, backToBack()) : [];
          const recordDue =
            unrecorded.length >= depth || (unrecorded.length > 0 && Date.now() - (unrecorded[0]?.at.getTime() ?? 0) >= o.recordEveryMs);
          if (topUp.length > 0 || recordDue) await flushInBackground(topUp, creds.email);
        }
        if ((leaseEnds.get(row.id) ?? Number.POSITIVE_INFINITY) - Date.now() < o.leaseMs / 2) {
          // The keeper has not managed to renew (the database is slow or away): renew before the call, or end
          // the session if that fails too. A row the sweeper already took is someone else's now.
          await settleBackground();
          await renew();
          if (lost.has(row.id)) continue;
        }

        uncalledFrom = i + 1;
        const outcome = await attempt(profileId, parts, pacer, creds, credentialsFor);
        if (outcome === 'unavailable') {
          // invalid_grant on the forced refresh after a 401: Gmail refused the call, nothing left.
          await giveBack(i, 'held');
          notifyChange(profileId, false);
          return 'stop-session';
        }
        if (outcome === 'relinked') {
          // Refused (401) and not sent; the rows go back and are claimed again for the new address.
          await giveBack(i, 'pending');
          return 'stop-session';
        }
        handedOver.delete(row.id);
        if (outcome.ok) {
          unrecorded.push({ id: row.id, at: outcome.at, providerMessageId: outcome.id });
          continue;
        }
        const verdict = await settleFailure(profileId, email, row, outcome.error, current, settleRow);
        if (verdict === 'stop-session') return await giveBack(i + 1, 'pending');
      }
      await flush();
      return 'continue';
    } catch (error) {
      await abandon(uncalledFrom, error);
      throw error;
    } finally {
      clearInterval(keeper);
      // A renewal under way ends before the next claim (its rows are settled or released by now).
      await writing;
    }
  }

  type Attempt = { ok: true; at: Date; id: string } | { ok: false; error: GmailSendError };

  /** One provider call (two when Gmail answers 401 and a forced refresh gives a new token). */
  async function attempt(
    profileId: string,
    parts: Buffer[],
    pacer: MailboxPacer,
    creds: { email: string; accessToken: string },
    credentialsFor: (force?: boolean) => Promise<{ email: string; accessToken: string }>,
  ): Promise<Attempt | 'unavailable' | 'relinked'> {
    let token = creds.accessToken;
    for (let call = 0; call < 2; call++) {
      const at = Date.now();
      pacer.record(at);
      try {
        const sent = await gmail.send(token, parts);
        return { ok: true, at: new Date(at), id: sent.id };
      } catch (error) {
        if (!(error instanceof GmailSendError)) throw error;
        if (error.kind !== 'unauthorized' || call > 0) return { ok: false, error };
        try {
          const fresh = await credentialsFor(true);
          // Linked to another address since the message was built From the old one: it must not go out
          // under the new account's token.
          if (fresh.email !== creds.email) return 'relinked';
          token = fresh.accessToken;
        } catch (refreshError) {
          if (refreshError instanceof MailboxUnavailableError) return 'unavailable';
          return { ok: false, error: new GmailSendError('transient', 401, 'refresh', `token refresh failed: ${errorText(refreshError)}`) };
        }
        ctx.log.info({ profileId }, 'sending: Gmail answered 401, retrying once with a refreshed token');
      }
    }
    throw new Error('unreachable');
  }

  async function settleFailure(
    profileId: string,
    email: string,
    row: ClaimedDelivery,
    error: GmailSendError,
    current: SendingSettings,
    /** Writes the row's outcome under its lease of the moment (see sendClaimed). */
    settleRow: <T>(row: ClaimedDelivery, write: (lease: string) => Promise<T>) => Promise<T>,
  ): Promise<Verdict> {
    switch (error.kind) {
      case 'mail-limit': {
        const until = error.retryAt && error.retryAt.getTime() > Date.now() ? error.retryAt : new Date(Date.now() + DAY_MS);
        await retryingWrite(() => pauseMailbox(ctx.db, profileId, until));
        await settleRow(row, (lease) =>
          releaseDeliveries(ctx.db, [{ id: row.id, lease }], 'pending', {
            lastError: withDetail(deliveryFailureText.mailboxPaused, error.message),
          }),
        );
        ctx.log.warn({ profileId, mailbox: email, until }, 'sending: Gmail daily sending limit reached; mailbox paused');
        rest(profileId, until.getTime());
        notifyChange(profileId, false);
        return 'stop-session';
      }
      case 'permanent': {
        if (await settleRow(row, (lease) => recordFailed(ctx.db, row.id, lease, withDetail(deliveryFailureText.rejected, error.message))))
          notifyChange(profileId, true);
        return 'continue';
      }
      default: {
        // Transient (and a 401 that survived a refresh): retry after retry_delay, up to max_retries.
        if (row.attempts + 1 > current.delay.max_retries) {
          if (
            await settleRow(row, (lease) =>
              recordFailed(ctx.db, row.id, lease, withDetail(deliveryFailureText.retriesExhausted, error.message)),
            )
          ) {
            notifyChange(profileId, true);
          }
        } else if (
          await settleRow(row, (lease) =>
            scheduleRetry(ctx.db, row.id, lease, withDetail(deliveryFailureText.willRetry, error.message), current.delay.retry_delay),
          )
        ) {
          notifyChange(profileId, false);
        }
        return 'continue';
      }
    }
  }

  const unsubscribe = ctx.events.subscribe((event) => {
    if (event.topic === 'mailbox' && sessions.has(event.profileId)) linkChanged.add(event.profileId);
    // A new job, a relink or a settings change elsewhere: look again now instead of at the next poll.
    if ((event.topic === 'sending' || event.topic === 'mailbox') && !sessions.has(event.profileId)) {
      const resting = notBefore.get(event.profileId);
      if (resting && (!resting.busy || event.topic === 'mailbox')) notBefore.delete(event.profileId);
      schedule(20);
    }
  });

  schedule(0);

  return {
    name: 'sending-worker',
    async stop() {
      stopping = true;
      unsubscribe();
      if (timer) clearTimeout(timer);
      for (const wake of [...sleepers]) wake();
      await ticking;
      await Promise.allSettled([...sessions.values()]);
      notifier.flush();
      jobs.clear();
      gmail.close();
    },
  };
}
