import { EventEmitter } from 'node:events';
import pg from 'pg';

/**
 * Live updates (ARCHITECTURE.md "Live updates"): something about one user changed — their profile (balance,
 * package), their sending (jobs, deliveries), their billing (invoices) or their mailbox link. Events carry no
 * data, only what to re-fetch, so a missed or duplicated event can never show a wrong number.
 */
export const LIVE_TOPICS = ['profile', 'sending', 'billing', 'mailbox'] as const;
export type LiveTopic = (typeof LIVE_TOPICS)[number];

export interface LiveEvent {
  topic: LiveTopic;
  profileId: string;
}

export interface EventBus {
  /** Fire and forget: call it after the transaction that made the change has committed. */
  publish(event: LiveEvent): void;
  subscribe(listener: (event: LiveEvent) => void): () => void;
  close(): Promise<void>;
}

const CHANNEL = 'sira_events';

function isLiveEvent(value: unknown): value is LiveEvent {
  const v = value as Partial<LiveEvent> | null;
  return !!v && typeof v.profileId === 'string' && LIVE_TOPICS.includes(v.topic as LiveTopic);
}

/** One process (embedded mode, tests): the server and the in-process worker share an emitter. */
export function createLocalEventBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publish: (event) => emitter.emit(CHANNEL, event),
    subscribe(listener) {
      emitter.on(CHANNEL, listener);
      return () => emitter.off(CHANNEL, listener);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

/**
 * Many processes on PostgreSQL: NOTIFY carries the event to every server (and worker) that LISTENs, including
 * the publisher, so local subscribers hear it exactly once, from the database.
 */
export async function createPostgresEventBus(
  connectionString: string,
  onError: (error: unknown) => void = () => undefined,
): Promise<EventBus> {
  const local = createLocalEventBus();
  let client: pg.Client | undefined;
  let closed = false;

  const connect = async () => {
    const next = new pg.Client({ connectionString });
    next.on('notification', (message) => {
      if (message.channel !== CHANNEL || !message.payload) return;
      try {
        const event: unknown = JSON.parse(message.payload);
        if (isLiveEvent(event)) local.publish(event);
      } catch (error) {
        onError(error);
      }
    });
    // A dropped connection is re-opened after a pause; clients re-fetch on reconnect, so a gap only delays.
    next.on('error', (error) => {
      onError(error);
      if (client === next) client = undefined;
      next.end().catch(() => undefined);
      if (!closed) setTimeout(() => void connect().catch(onError), 1000).unref();
    });
    await next.connect();
    await next.query(`LISTEN ${CHANNEL}`);
    client = next;
  };
  await connect();

  return {
    publish(event) {
      const target = client;
      if (!target) return onError(new Error('event bus: not connected'));
      target.query('select pg_notify($1, $2)', [CHANNEL, JSON.stringify(event)]).catch(onError);
    },
    subscribe: (listener) => local.subscribe(listener),
    async close() {
      closed = true;
      await local.close();
      await client?.end().catch(() => undefined);
    },
  };
}
