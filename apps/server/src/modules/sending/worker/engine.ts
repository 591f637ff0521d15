import type { SendingSettings } from '@sira/shared/schemas/sending-admin';
import type { SendingWindowSettings } from '@sira/shared/schemas/sending-window';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/client';
import type { OptOutLinks } from '../../companies/opt-out-link';
import type { MailboxDeps, SendingCredentials } from '../../mailbox/mailbox-credentials';
import type { MailProvider, ProviderSendClient } from '../../mailbox/providers/provider';
import type { ResumeStorage } from '../resume-storage';
import type { Clock } from './clock';
import type { JobMessageCache } from './job-cache';
import type { RestReason } from './mailbox-rests';

/** The sending worker's tuning (defaults in sending-worker.ts). */
export interface SendingWorkerOptions {
  /** Mailboxes sending at the same time in this process. */
  concurrency?: number;
  /** How far ahead a claim reaches: the sends pacing allows within this window. */
  claimHorizonMs?: number;
  /** Most deliveries one claim takes. */
  maxClaim?: number;
  /**
   * Length of every lease. A mailbox run renews its rows' leases every third of it while it holds them (calls
   * and pacing waits included), so after a worker dies its mailboxes are free again within about this long
   * plus one sweep (ADR 008, "Leases").
   */
  leaseMs?: number;
  /** Deadline of one provider call. */
  sendTimeoutMs?: number;
  /** At full-speed pacing, how many messages of a mailbox are handed over ahead (see ClaimedBatch). */
  pipelineDepth?: number;
  /** In a pipeline, accepted messages are recorded once `pipelineDepth` of them wait, or the oldest waited this long. */
  recordEveryMs?: number;
  /** Polling when nothing wakes the scheduler. */
  pollMs?: number;
  sweepEveryMs?: number;
  /** A mailbox run gives its slot back after this long when other mailboxes wait. */
  runSliceMs?: number;
  /** A mailbox whose run failed unexpectedly waits this long before the next one. */
  failedRunRestMs?: number;
  settingsTtlMs?: number;
  /** Where the résumés are read from (tests give one whose reads fail). */
  storage?: ResumeStorage;
  /** Live-event window per user and topic. */
  notifyWindowMs?: number;
  /** The time pacing and retries follow (tests give a simulated one). */
  clock?: Clock;
}

export type EngineOptions = Required<Omit<SendingWorkerOptions, 'storage' | 'clock'>>;

/** What the worker reads from the admin's settings: the pacing, the caps and the sending window. */
export type EngineSettings = SendingSettings & { window: SendingWindowSettings };

/** What a mailbox sends with, opened for the run that needs it (mailbox-credentials.ts). */
export type MailboxCredentials = SendingCredentials;

/** What the scheduler shares with every mailbox run and claimed batch of one worker. */
export interface SendingEngine {
  db: Database;
  log: FastifyBaseLogger;
  options: EngineOptions;
  clock: Clock;
  /** The sending side of each provider (providers/*), picked by the mailbox a message leaves from. */
  senders: Partial<Record<MailProvider, ProviderSendClient>>;
  jobs: JobMessageCache;
  mailboxDeps: MailboxDeps;
  /** Signs each message's opt-out link (ADR 013). */
  optOutLinks: OptOutLinks;
  /** Every lease's length, in whole seconds as the database takes it. */
  leaseSeconds: number;
  stopping(): boolean;
  /** Sending is paused for everyone (ADR 019): nothing more is claimed, claimed rows go back before their call. */
  paused(): boolean;
  /** A pacing wait on the engine's clock; it ends at once when the worker stops. */
  sleep(ms: number): Promise<void>;
  settings(): Promise<EngineSettings>;
  /** Writes recording what already happened at the provider, tried again through a short outage. */
  retryingWrite<T>(write: () => Promise<T>): Promise<T>;
  notifyChange(profileId: string, balanceChanged: boolean): void;
  /** The mailbox has nothing to do here before `until` (clock time), for `reason` (mailbox-rests.ts). */
  rest(profileId: string, until: number, reason: RestReason): void;
  /** True once after the user's link changed while their mailbox ran (the cached token must go). */
  takeLinkChange(profileId: string): boolean;
}

/** Waits before trying a failed recording write again; after the last the mailbox run ends (see ClaimedBatch). */
const WRITE_RETRY_DELAYS_MS = [500, 2_000];

/**
 * Writes that record what already happened at the provider are tried again through a short database outage
 * (a failover, a dropped connection): each is one statement matched by row id and lease, so a retry can
 * neither apply twice nor touch a row that is no longer ours.
 */
export async function retryingWrite<T>(log: FastifyBaseLogger, write: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      const wait = WRITE_RETRY_DELAYS_MS[attempt];
      if (wait === undefined) throw error;
      log.warn({ err: error, attempt: attempt + 1 }, 'sending: could not record in the database; trying again');
      // A plain timer on real time: a worker that is stopping needs these writes most, and the outage is real.
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}
