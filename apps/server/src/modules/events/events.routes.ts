import type { ServerResponse } from 'node:http';
import { contract } from '@sira/shared/contract';
import type { FastifyInstance } from 'fastify';
import { endpoint } from '../../lib/endpoint';
import { AppError } from '../../lib/errors';
import { LIVE_TOPICS, type LiveEvent } from '../../lib/event-bus';
import { requireViewer } from '../../plugins/access';

/** Events are batched per connection: a worker sending hundreds a second must not flood a browser. */
const FLUSH_EVERY_MS = 250;
const HEARTBEAT_EVERY_MS = 20_000;
/**
 * Streams one user may hold open at once: one per tab, and tabs people really keep open are far fewer. Each
 * stream holds a socket, two timers and a subscription, so a script opening thousands must be refused.
 */
export const MAX_STREAMS_PER_USER = 20;
/**
 * An open stream re-reads its session this often: one signed out elsewhere (or deleted) ends, and so does an
 * administrator's stream once they are demoted — it would otherwise keep naming every user's changes.
 */
const SESSION_RECHECK_MS = 60_000;

/**
 * GET /api/events — Server-Sent Events for the signed-in user: `event: <topic>` whenever their profile,
 * sending, billing or mailbox changes. Administrators also get `admin-sending` and `admin-billing` for any
 * user (send logs and payments tabs). The browser re-fetches; nothing but the topic name is sent.
 */
export async function eventsRoutes(app: FastifyInstance, options: { sessionRecheckMs?: number | undefined } = {}) {
  // Open streams end when the server closes, or graceful shutdown would wait for every browser tab.
  const open = new Set<() => void>();
  const streamsOf = new Map<string, number>();
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
    for (const end of open) end();
  });

  /** The stream's head, and `retry`: EventSource reconnects 2 s after a stream ends (to a server that is up). */
  const startStream = (raw: ServerResponse) => {
    raw.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    raw.write('retry: 2000\n');
  };

  app.route({
    ...endpoint(contract.events.stream),
    handler: async (request, reply) => {
      // Heard from the start: a browser can leave while its session is still being read (quick navigation
      // reopens the stream), and a stream opened after that would never hear its close.
      let gone = false;
      reply.raw.once('close', () => {
        gone = true;
      });
      const viewer = await requireViewer(request);
      if (gone || reply.raw.destroyed) {
        reply.hijack();
        return;
      }
      // The server began closing while the session was read: the streams it knew have been ended, and one
      // opened now would hold the close until the process is killed. It ends at once; the browser reconnects.
      if (closing) {
        reply.hijack();
        startStream(reply.raw);
        reply.raw.end('\n');
        return;
      }
      const streams = streamsOf.get(viewer.id) ?? 0;
      if (streams >= MAX_STREAMS_PER_USER) throw new AppError(429, 'RATE_LIMITED');
      streamsOf.set(viewer.id, streams + 1);
      const pending = new Set<string>();
      const onEvent = (event: LiveEvent) => {
        if (event.profileId === viewer.id) pending.add(event.topic);
        if (viewer.isAdmin && (event.topic === 'sending' || event.topic === 'billing')) pending.add(`admin-${event.topic}`);
      };

      reply.hijack();
      const raw = reply.raw;
      startStream(raw);
      // Tells the client that the stream is live.
      raw.write('event: ready\ndata: {}\n\n');

      const unsubscribe = app.events.subscribe(onEvent);
      // Events were missed (the bus lost its database connection for a while): the browser re-fetches it all.
      const stopGaps = app.events.onGap(() => {
        for (const topic of LIVE_TOPICS) pending.add(topic);
        if (viewer.isAdmin) for (const topic of ['admin-sending', 'admin-billing']) pending.add(topic);
      });
      const flush = setInterval(() => {
        if (pending.size === 0) return;
        const topics = [...pending];
        pending.clear();
        raw.write(topics.map((topic) => `event: ${topic}\ndata: {}\n\n`).join(''));
      }, FLUSH_EVERY_MS);
      const heartbeat = setInterval(() => raw.write(': keep-alive\n\n'), HEARTBEAT_EVERY_MS);
      // The browser reconnects after the end (EventSource), and the new stream carries the viewer as they are
      // now — or is refused. A failed read (the database unreachable a moment) keeps the stream.
      const recheck = setInterval(() => {
        request.viewerCache = undefined;
        void app.viewer(request).then(
          (now) => {
            if (!now || now.id !== viewer.id || now.isAdmin !== viewer.isAdmin) end();
          },
          () => undefined,
        );
      }, options.sessionRecheckMs ?? SESSION_RECHECK_MS);

      let stopped = false;
      const stop = () => {
        if (stopped) return;
        stopped = true;
        clearInterval(flush);
        clearInterval(heartbeat);
        clearInterval(recheck);
        unsubscribe();
        stopGaps();
        open.delete(end);
        const left = (streamsOf.get(viewer.id) ?? 1) - 1;
        if (left > 0) streamsOf.set(viewer.id, left);
        else streamsOf.delete(viewer.id);
      };
      const end = () => {
        stop();
        raw.end();
      };
      open.add(end);
      raw.on('close', stop);
    },
  });
}
