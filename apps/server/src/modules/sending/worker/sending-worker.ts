import { deliveryFailureText } from '@sira/shared/messages/sending';
import type { BackgroundContext, BackgroundTask } from '../../../lib/background-task';
import { createOptOutLinks } from '../../companies/opt-out-link';
import { createGmailSendClient, gmailSender } from '../../mailbox/providers/gmail/gmail-send';
import { createGraphSendClient } from '../../mailbox/providers/microsoft/graph-send';
import { microsoftSender } from '../../mailbox/providers/microsoft/sender';
import { smtpSender } from '../../mailbox/providers/smtp/sender';
import { PRODUCTION_NETWORK_RULES } from '../../mailbox/providers/smtp/smtp-settings';
import { databaseResumeStorage } from '../resume-storage';
import { readSendingSettings } from '../sending-settings';
import { readSendingWindow } from '../sending-window-settings';
import { systemClock } from './clock';
import { type EngineOptions, type EngineSettings, retryingWrite, type SendingEngine, type SendingWorkerOptions } from './engine';
import { databaseJobReader, JobMessageCache } from './job-cache';
import { MailboxPick } from './mailbox-pick';
import { MailboxRests } from './mailbox-rests';
import { MailboxRun } from './mailbox-run';
import { CoalescingNotifier } from './notifier';
import { PauseWatch } from './pause-watch';
import { type ActiveMailbox, sweepExpiredLeases } from './queue';

export type { SendingWorkerOptions } from './engine';

/**
 * The sending worker (docs/architecture.md "Sending engine", ADR 002, ADR 008): the scheduler. Its loop finds
 * mailboxes with work and starts one mailbox run per mailbox (mailbox-run.ts), several mailboxes at once
 * (bounded). A run claims a few due deliveries at a time and sends each claimed batch (claimed-batch.ts) one
 * provider call at a time (provider-attempt.ts) at the times the pacing rule allows; a failure's outcome is
 * decided by failure-decision.ts. A sweeper settles rows whose lease ran out (a worker that died). The same
 * code runs inside the embedded server and in `npm run worker` processes; any number of them coordinate
 * through row locks.
 */

const DEFAULTS: EngineOptions = {
  concurrency: 16,
  claimHorizonMs: 5_000,
  maxClaim: 100,
  leaseMs: 15_000,
  sendTimeoutMs: 30_000,
  pipelineDepth: 64,
  recordEveryMs: 500,
  pollMs: 1_000,
  sweepEveryMs: 5_000,
  runSliceMs: 30_000,
  failedRunRestMs: 5_000,
  settingsTtlMs: 5_000,
  notifyWindowMs: 300,
};

export function startSendingWorker(ctx: BackgroundContext, overrides: SendingWorkerOptions = {}): BackgroundTask {
  const { storage: storageOverride, clock = systemClock, ...tuning } = overrides;
  const o: EngineOptions = { ...DEFAULTS, ...tuning };
  const storage = storageOverride ?? databaseResumeStorage(ctx.db);
  const mailboxes = ctx.mailboxes ?? { microsoftClient: null, smtpRules: PRODUCTION_NETWORK_RULES };
  // One sending client per provider, shared by every mailbox of it (provider-attempt.ts picks by the mailbox).
  const senders = {
    gmail: gmailSender(
      createGmailSendClient({
        apiBase: ctx.providers.google.gmailApiBase,
        timeoutMs: o.sendTimeoutMs,
        maxSockets: o.concurrency * 2,
      }),
    ),
    microsoft: microsoftSender(
      createGraphSendClient({
        graphApiBase: ctx.providers.microsoft.graphApiBase,
        timeoutMs: o.sendTimeoutMs,
        maxSockets: o.concurrency * 2,
      }),
    ),
    smtp: smtpSender({ rules: mailboxes.smtpRules, timeouts: { totalMs: o.sendTimeoutMs } }),
  };
  const notifier = new CoalescingNotifier(ctx.events, o.notifyWindowMs);
  const stopped = new AbortController();
  const pause = new PauseWatch(ctx);

  const runs = new Map<string, Promise<void>>();
  /** Mailboxes with nothing to do here before a time of the engine's clock (mailbox-rests.ts). */
  const rests = new MailboxRests();
  /** The round over the mailboxes with work (mailbox-pick.ts). */
  const pick = new MailboxPick();
  /** Runs whose user's link changed (linked again, perhaps to another address): their cached token goes. */
  const linkChanged = new Set<string>();
  // Never yet: the first pass sweeps.
  let lastSweep = Number.NEGATIVE_INFINITY;
  let timer: NodeJS.Timeout | undefined;
  let timerDue = 0;
  let ticking: Promise<void> | undefined;

  /** One read shared by every run asking at the same time (all of them, when the worker starts). */
  let settingsCache: { at: number; value: Promise<EngineSettings> } | undefined;
  const settings = (): Promise<EngineSettings> => {
    if (!settingsCache || clock.elapsed() - settingsCache.at > o.settingsTtlMs) {
      const value = Promise.all([readSendingSettings(ctx.db), readSendingWindow(ctx.db)]).then(([s, window]) => ({ ...s, window }));
      settingsCache = { at: clock.elapsed(), value };
      // A failed read is not kept: the callers get its error, the next one asks the database again.
      value.catch(() => {
        if (settingsCache?.value === value) settingsCache = undefined;
      });
    }
    return settingsCache.value;
  };

  const engine: SendingEngine = {
    db: ctx.db,
    log: ctx.log,
    options: o,
    clock,
    senders,
    jobs: new JobMessageCache(databaseJobReader(ctx.db), storage, ctx.log, ctx.env.sendingCacheMb * 2 ** 20),
    mailboxDeps: {
      db: ctx.db,
      secretBox: ctx.secretBox,
      providers: ctx.providers,
      events: ctx.events,
      microsoftClient: mailboxes.microsoftClient,
    },
    optOutLinks: createOptOutLinks(ctx.secretBox, ctx.publicBaseUrl),
    leaseSeconds: Math.max(1, Math.ceil(o.leaseMs / 1000)),
    stopping: () => stopped.signal.aborted,
    paused: () => pause.paused(),
    sleep: (ms) => clock.sleep(ms, stopped.signal),
    settings,
    retryingWrite: (write) => retryingWrite(ctx.log, write),
    notifyChange(profileId, balanceChanged) {
      notifier.notify(profileId, 'sending');
      if (balanceChanged) notifier.notify(profileId, 'profile');
    },
    rest(profileId, until, reason) {
      if (rests.rest(profileId, until, reason)) clock.idleUntil?.(until);
    },
    takeLinkChange: (profileId) => linkChanged.delete(profileId),
  };

  async function sweep() {
    lastSweep = clock.elapsed();
    const { released, failed } = await sweepExpiredLeases(ctx.db, deliveryFailureText.leaseExpired);
    // Those mailboxes are free now: a rest taken because they were busy (held by the worker that died) ends, so
    // this pass can take them over at once instead of after the rest.
    for (const profileId of new Set([...released, ...failed])) rests.released(profileId);
    for (const profileId of new Set(released)) engine.notifyChange(profileId, false);
    for (const profileId of new Set(failed)) engine.notifyChange(profileId, true);
    if (failed.length > 0) ctx.log.warn({ count: failed.length }, 'sending: deliveries failed after their lease expired without an answer');
  }

  /** The settings the current rests were planned with (see tick). */
  let restsPlannedWith: string | undefined;

  async function tick() {
    if (engine.stopping()) return;
    try {
      // First, so that a restored database is found paused, and its claimed rows settled, before any sweep or claim.
      const paused = await pause.refresh();
      if (clock.elapsed() - lastSweep >= o.sweepEveryMs) await sweep();
      if (paused) return;
      // Rests were planned with the settings of their time: once the admin saves others (in this process or
      // another), a mailbox resting for an hour's batch_delay or a daily cap since raised may send now.
      const planned = JSON.stringify(await settings());
      if (restsPlannedWith !== undefined && planned !== restsPlannedWith) rests.settingsChanged();
      restsPlannedWith = planned;
      const free = o.concurrency - runs.size;
      if (free <= 0) return;
      const { mailboxes, othersWaiting } = await pick.next(ctx.db, free, [...runs.keys(), ...rests.restingAt(clock.now())]);
      for (const mailbox of mailboxes) startRun(mailbox, othersWaiting);
    } catch (error) {
      ctx.log.error({ err: error }, 'sending: scheduler pass failed');
    }
  }

  function schedule(delayMs: number) {
    if (engine.stopping()) return;
    // An earlier pass already planned wins: a stream of events cannot keep pushing the pass back.
    // The pass is a real timer (setTimeout): its due time is real time too.
    if (timer && timerDue <= clock.elapsed() + delayMs) return;
    if (timer) clearTimeout(timer);
    timerDue = clock.elapsed() + delayMs;
    timer = setTimeout(() => {
      timer = undefined;
      ticking = tick().finally(() => {
        ticking = undefined;
        schedule(o.pollMs);
      });
    }, delayMs);
  }

  function startRun(mailbox: ActiveMailbox, othersWaiting: boolean) {
    rests.runStarted(mailbox.profileId);
    const run = new MailboxRun(engine, mailbox, othersWaiting)
      .run()
      .catch((error: unknown) => {
        ctx.log.error({ err: error, profileId: mailbox.profileId }, 'sending: mailbox run failed');
        engine.rest(mailbox.profileId, clock.now() + o.failedRunRestMs, 'pacing');
      })
      .finally(() => {
        runs.delete(mailbox.profileId);
        rests.runEnded(mailbox.profileId);
        linkChanged.delete(mailbox.profileId);
        // A slot is free: look for the next mailbox soon rather than at the next poll.
        schedule(10);
      });
    runs.set(mailbox.profileId, run);
  }

  const unsubscribe = ctx.events.subscribe((event) => {
    if (event.topic === 'mailbox' && runs.has(event.profileId)) linkChanged.add(event.profileId);
    // A new job, a relink or a settings change elsewhere: look again now instead of at the next poll.
    if (rests.changed(event.profileId, event.topic)) schedule(20);
  });

  schedule(0);

  return {
    name: 'sending-worker',
    async stop() {
      stopped.abort();
      unsubscribe();
      if (timer) clearTimeout(timer);
      await ticking;
      await Promise.allSettled([...runs.values()]);
      notifier.flush();
      engine.jobs.clear();
      for (const sender of Object.values(senders)) sender.close();
    },
  };
}
