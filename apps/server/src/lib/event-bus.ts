import { EventEmitter } from 'node:events';
import pg from 'pg';
import { markAsDatabaseError } from '../db/connection-error';

/**
 * Live updates (docs/architecture.md "Live updates"): something about one user changed — their profile (balance,
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
  /**
   * Events may have been missed (the bus was cut off from the others for a while): whoever shows data kept
   * fresh by events should re-fetch all of it.
   */
  onGap(listener: () => void): () => void;
  /**
   * The public site changed (a content page, a package, the footer): every process drops the public pages it
   * rendered (ADR 004). Call it after the change has committed.
   */
  publishSiteChange(): void;
  onSiteChange(listener: () => void): () => void;
  /**
   * False while the bus is cut off from the other processes (PostgreSQL, between a dropped connection and its
   * reopening): what they publish meanwhile does not arrive, so nothing may be cached on the bus's word.
   */
  listening(): boolean;
  close(): Promise<void>;
}

const CHANNEL = 'sira_events';

/** Sent by a bus that reconnected: events may have been lost between processes (see createPostgresEventBus). */
const GAP_NOTICE = { gap: true } as const;
const isGapNotice = (value: unknown) => (value as { gap?: unknown } | null)?.gap === true;

/** Sent when the public site changed; it names nothing, every process drops every public page it rendered. */
const SITE_NOTICE = { site: true } as const;
const isSiteNotice = (value: unknown) => (value as { site?: unknown } | null)?.site === true;
const SITE_CHANNEL = 'site';

function isLiveEvent(value: unknown): value is LiveEvent {
  const v = value as Partial<LiveEvent> | null;
  return !!v && typeof v.profileId === 'string' && LIVE_TOPICS.includes(v.topic as LiveTopic);
}

/** One process (embedded mode, tests): the server and the in-process worker share an emitter, which never misses. */
export function createLocalEventBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publish: (event) => emitter.emit(CHANNEL, event),
    subscribe(listener) {
      emitter.on(CHANNEL, listener);
      return () => emitter.off(CHANNEL, listener);
    },
    onGap: () => () => undefined,
    publishSiteChange: () => emitter.emit(SITE_CHANNEL),
    onSiteChange(listener) {
      emitter.on(SITE_CHANNEL, listener);
      return () => emitter.off(SITE_CHANNEL, listener);
    },
    listening: () => true,
    async close() {
      emitter.removeAllListeners();
    },
  };
}

/**
 * Many processes on PostgreSQL: NOTIFY carries the event to every server (and worker) that LISTENs, including
 * the publisher, so local subscribers hear it exactly once, from the database.
 *
 * A dropped connection (a restart, a failover) is opened again every `retryMs` until it succeeds; what was
 * published meanwhile, here or elsewhere, is lost, so the reconnected bus tells every process (a gap notice on
 * the channel) and their subscribers re-fetch. With `firstConnection: 'retried'` the first connection is made
 * the same way, so a server can build its bus before its database answers; by default a failed first
 * connection fails the call.
 *
 * Errors reach `onError` marked as the database's (db/connection-error.ts): the logger's outage tracker counts
 * the connection's failures with the rest of the database's.
 */
export async function createPostgresEventBus(
  connectionString: string,
  reportError: (error: unknown) => void = () => undefined,
  options: { retryMs?: number; firstConnection?: 'required' | 'retried' } = {},
): Promise<EventBus> {
  const retryMs = options.retryMs ?? 1000;
  const onError = (error: unknown) => reportError(markAsDatabaseError(error));
  const local = createLocalEventBus();
  const gapListeners = new Set<() => void>();
  let client: pg.Client | undefined;
  let closed = false;
  let reconnecting = false;

  const open = async () => {
    const next = new pg.Client({ connectionString });
    next.on('notification', (message) => {
      if (message.channel !== CHANNEL || !message.payload) return;
      try {
        const event: unknown = JSON.parse(message.payload);
        if (isLiveEvent(event)) local.publish(event);
        else if (isSiteNotice(event)) local.publishSiteChange();
        else if (isGapNotice(event)) signalGap();
      } catch (error) {
        onError(error);
      }
    });
    // Before connecting: a client that fails while connecting must not crash the process either.
    next.on('error', (error) => {
      onError(error);
      dropped(next);
    });
    next.on('end', () => dropped(next));
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANNEL}`);
    } catch (error) {
      next.end().catch(() => undefined);
      throw error;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
  };

  const dropped = (which: pg.Client) => {
    if (client !== which) return; // still opening (its caller retries), or an earlier connection's late news
    client = undefined;
    which.end().catch(() => undefined);
    reconnect();
  };

  const signalGap = () => {
    for (const listener of gapListeners) listener();
  };

  const reconnect = (firstAfterMs = retryMs) => {
    if (reconnecting || closed) return;
    reconnecting = true;
    const attempt = () => {
      if (closed) return;
      open().then(
        () => {
          reconnecting = false;
          if (closed) return;
          // What this process published while cut off never left it, and what others published never reached
          // it: every process (this one included, through its own LISTEN) hears the gap and re-fetches.
          const target = client;
          if (!target) return signalGap();
          target.query('select pg_notify($1, $2)', [CHANNEL, JSON.stringify(GAP_NOTICE)]).catch((error: unknown) => {
            onError(error);
            signalGap();
          });
        },
        (error: unknown) => {
          onError(error);
          setTimeout(attempt, retryMs).unref();
        },
      );
    };
    setTimeout(attempt, firstAfterMs).unref();
  };

  if (options.firstConnection === 'retried') reconnect(0);
  else await open();

  const notify = (payload: unknown) => {
    const target = client;
    if (!target) return onError(Object.assign(new Error('event bus: not connected'), { code: 'ENOTCONN' }));
    target.query('select pg_notify($1, $2)', [CHANNEL, JSON.stringify(payload)]).catch(onError);
  };

  return {
    publish: notify,
    subscribe: (listener) => local.subscribe(listener),
    publishSiteChange: () => notify(SITE_NOTICE),
    onSiteChange: (listener) => local.onSiteChange(listener),
    // Not only connected but past the gap notice's round trip: until then a cached page could be older than a
    // change published while this process was cut off.
    listening: () => client !== undefined && !reconnecting,
    onGap(listener) {
      gapListeners.add(listener);
      return () => gapListeners.delete(listener);
    },
    async close() {
      closed = true;
      gapListeners.clear();
      await local.close();
      const last = client;
      client = undefined;
      await last?.end().catch(() => undefined);
    },
  };
}
