import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../config/env';
import type { ProviderEndpoints } from '../config/providers';
import type { Database, DatabaseKind } from '../db/client';
import type { MailboxSettings } from '../modules/mailbox/providers/mailbox-settings';
import type { EventBus } from './event-bus';
import type { SecretBox } from './secret-box';

// The contract between background.ts, which starts the tasks, and the tasks themselves: its own file, so
// that a task never imports the module that imports it.

/** What a background task (sending worker, invoice reconciliation, PGlite upkeep) needs: the same parts the server has. */
export interface BackgroundContext {
  env: Env;
  db: Database;
  dbKind: DatabaseKind;
  events: EventBus;
  secretBox: SecretBox;
  providers: ProviderEndpoints;
  /** The Microsoft application and SMTP rules (the server's own; a worker process makes them from its env). */
  mailboxes?: MailboxSettings;
  publicBaseUrl: string;
  log: FastifyBaseLogger;
}

export interface BackgroundTask {
  name: string;
  /** Finishes the work in hand (an in-flight send is recorded) and resolves when the task has stopped. */
  stop(): Promise<void>;
}
