import type { Server, ServerResponse } from 'node:http';

const IDLE_CHECK_MS = 100;

/**
 * Lets an HTTP server stop the way a load balancer expects: no new connections, every request in flight
 * answered, and each keep-alive connection closed as soon as it has nothing in flight. Node's `server.close()`
 * closes only the connections idle at that moment, so one whose request finished a moment later stayed open
 * until its keep-alive timeout (72 s) and held the process past its shutdown deadline.
 *
 * Set up before the server listens; call `begin()` when shutting down, before closing the server.
 */
export function drainOnClose(server: Server): { begin(): void } {
  const inFlight = new Set<ServerResponse>();
  let draining = false;
  // Tells the client too: an answer marked `Connection: close` is the last on its connection, so the client
  // does not send another request down a connection that is about to close.
  const lastOnConnection = (res: ServerResponse) => {
    if (!res.headersSent) res.setHeader('connection', 'close');
  };
  server.on('request', (_req, res: ServerResponse) => {
    if (draining) lastOnConnection(res);
    inFlight.add(res);
    res.once('close', () => inFlight.delete(res));
  });
  return {
    begin() {
      if (draining) return;
      draining = true;
      for (const res of inFlight) lastOnConnection(res);
      const timer = setInterval(() => server.closeIdleConnections(), IDLE_CHECK_MS);
      timer.unref();
      server.once('close', () => clearInterval(timer));
      server.closeIdleConnections();
    },
  };
}
