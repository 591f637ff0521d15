import { contract, type Endpoint } from '@sira/shared/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test-support/app';

/**
 * The API contract (packages/shared/src/contract) and the server's routes name the same routes: a route the
 * server serves outside the contract, or an entry no route serves, fails here.
 *
 * Not compared: better-auth's catch-all `/api/auth/*` (the access plugin leaves it out of `routeAccess`; the
 * endpoints of it the web calls are entries marked `servedBy: 'better-auth'`, checked below), and every route
 * outside /api/ — pages, /healthz and /readyz, the sandboxes, the one-click opt-out of RFC 8058, link previews.
 */
const ctx = useTestApp();

const entries: Endpoint[] = Object.values(contract).flatMap((area) => Object.values(area));
const key = (method: string, path: string) => `${method} ${path}`;

/** Each /api/ route the server registered, once per method; HEAD is Fastify's own answer to each GET. */
const serverRoutes = () => new Set(ctx.app.routeAccess.filter((route) => route.method !== 'HEAD').map((r) => key(r.method, r.url)));

describe('the API contract', () => {
  it('holds every /api/ route the server serves', () => {
    const inContract = new Set(entries.map((entry) => key(entry.method, entry.path)));
    const missing = [...serverRoutes()].filter((route) => !inContract.has(route));
    expect(missing).toEqual([]);
  });

  it('has a server route for each entry', () => {
    const served = serverRoutes();
    const unserved = entries
      .filter((entry) => entry.servedBy !== 'better-auth')
      .map((entry) => key(entry.method, entry.path))
      .filter((route) => !served.has(route));
    expect(unserved).toEqual([]);
    // The comparison walks a real list.
    expect(served.size).toBeGreaterThan(50);
  });

  it('names each route once', () => {
    const routes = entries.map((entry) => key(entry.method, entry.path));
    expect(routes.length).toBe(new Set(routes).size);
  });

  it("leaves better-auth's entries to its catch-all, which opens them", async () => {
    const byBetterAuth = entries.filter((entry) => entry.servedBy === 'better-auth');
    expect(byBetterAuth.length).toBeGreaterThan(0);
    for (const entry of byBetterAuth) {
      expect(entry.path.startsWith('/api/auth/')).toBe(true);
      // The catch-all answers 404 NOT_FOUND for every endpoint it keeps closed (auth.routes.ts).
      const response = await ctx.app.inject({ method: entry.method, url: entry.path, payload: entry.body ? {} : undefined });
      expect(response.statusCode, key(entry.method, entry.path)).not.toBe(404);
    }
  });
});
