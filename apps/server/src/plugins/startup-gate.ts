import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** False while the process still waits for its database or prepares it (migrations, seed). */
    databaseReady(): boolean;
    /**
     * Runs `task` once the database is ready: at `ready()` when it already is, else when the server says so
     * (`databasePrepared`). For what a plugin writes at start (the sandboxes' client secret).
     */
    onDatabaseReady(task: () => Promise<void>): void;
    /** The server's word that its database answers and is migrated: runs the tasks, then opens every route. */
    databasePrepared(): Promise<void>;
  }
}

/** Paths that never read the database: liveness, and readiness, which says 503 itself while the gate is shut. */
const ALWAYS_OPEN = new Set(['/healthz', '/readyz']);

/**
 * A server listens before its database answers (runtime.ts `prepare` waits for PostgreSQL with back-off), so
 * that a service manager or load balancer sees it alive (/healthz 200) and not ready (/readyz 503). Until
 * then every other route answers 503 SERVICE_UNAVAILABLE at once, before any hook that would read the
 * database (the session check) or a schema that is not migrated yet.
 */
export const startupGatePlugin = fp<{ databasePending: boolean }>(
  async (app: FastifyInstance, options) => {
    let ready = !options.databasePending;
    const tasks: Array<() => Promise<void>> = [];
    const runTasks = async () => {
      for (const task of tasks.splice(0)) await task();
    };
    app.decorate('databaseReady', () => ready);
    app.decorate('onDatabaseReady', (task: () => Promise<void>) => {
      tasks.push(task);
    });
    app.decorate('databasePrepared', async () => {
      await runTasks();
      ready = true;
    });
    app.addHook('onReady', async () => {
      if (ready) await runTasks();
    });
    app.addHook('onRequest', async (request, reply) => {
      if (ready || ALWAYS_OPEN.has(request.url.split('?')[0] ?? '')) return;
      return reply.status(503).header('retry-after', '5').send({ code: 'SERVICE_UNAVAILABLE' });
    });
  },
  { name: 'startup-gate' },
);
