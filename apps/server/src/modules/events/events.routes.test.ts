import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../../test-support/app';
import { signedInAdmin, signedInUser } from '../../../test-support/auth';
import { TEST_BASE_URL } from '../../../test-support/global-setup';
import { packages, profiles } from '../../db/schema';
import { MAX_STREAMS_PER_USER } from './events.routes';

/** Reads an SSE stream until `predicate` holds for the text received so far, or the time runs out. */
async function readUntil(response: Response, predicate: (text: string) => boolean, ms = 3000): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) throw new Error('no body');
  const decoder = new TextDecoder();
  let text = '';
  const deadline = Date.now() + ms;
  try {
    while (!predicate(text) && Date.now() < deadline) {
      const chunk = await Promise.race([
        reader.read(),
        new Promise<{ done: true; value: undefined }>((resolve) =>
          setTimeout(() => resolve({ done: true, value: undefined }), Math.max(1, deadline - Date.now())),
        ),
      ]);
      if (chunk.done) break;
      text += decoder.decode(chunk.value, { stream: true });
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return text;
}

describe('GET /api/events (live updates)', () => {
  const ctx = useTestApp();
  let base = '';

  beforeAll(async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const address = ctx.app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    // useTestApp closes the app; nothing else to release.
  });

  const profileIdOf = async (email: string) => {
    const [row] = await ctx.db.select({ id: profiles.id }).from(profiles).where(eq(profiles.email, email));
    if (!row) throw new Error('no profile');
    return row.id;
  };

  it('refuses an anonymous caller', async () => {
    const res = await fetch(`${base}/api/events`);
    expect(res.status).toBe(401);
  });

  it("streams the user's own topics, batched, and nobody else's", async () => {
    const me = await signedInUser(ctx);
    const other = await signedInUser(ctx);
    const myId = await profileIdOf(me.email);
    const otherId = await profileIdOf(other.email);

    const res = await fetch(`${base}/api/events`, { headers: { cookie: me.cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    setTimeout(() => {
      ctx.app.events.publish({ topic: 'billing', profileId: otherId });
      // Three changes in a burst reach the browser as one event.
      for (let i = 0; i < 3; i++) ctx.app.events.publish({ topic: 'sending', profileId: myId });
      ctx.app.events.publish({ topic: 'profile', profileId: myId });
    }, 100);
    const text = await readUntil(res, (t) => t.includes('event: sending') && t.includes('event: profile'));
    expect(text).toContain('event: ready');
    expect(text.match(/event: sending/g)).toHaveLength(1);
    expect(text).toContain('event: profile');
    expect(text).not.toContain('event: billing');
    expect(text).not.toContain('admin-');
  });

  it(`holds at most ${MAX_STREAMS_PER_USER} streams per user at once, and frees a place when one closes`, async () => {
    const me = await signedInUser(ctx);
    const other = await signedInUser(ctx);
    const streams: AbortController[] = [];
    try {
      for (let i = 0; i < MAX_STREAMS_PER_USER; i++) {
        const controller = new AbortController();
        streams.push(controller);
        const res = await fetch(`${base}/api/events`, { headers: { cookie: me.cookie }, signal: controller.signal });
        expect(res.status).toBe(200);
      }
      const refused = await fetch(`${base}/api/events`, { headers: { cookie: me.cookie } });
      expect([refused.status, ((await refused.json()) as { code: string }).code]).toEqual([429, 'RATE_LIMITED']);
      // Another user is not affected.
      const theirs = new AbortController();
      streams.push(theirs);
      expect((await fetch(`${base}/api/events`, { headers: { cookie: other.cookie }, signal: theirs.signal })).status).toBe(200);

      streams[0]?.abort();
      // The server frees the place when it sees the socket close; on a loaded machine that can take seconds.
      const deadline = Date.now() + 15_000;
      let status = 0;
      while (Date.now() < deadline) {
        const controller = new AbortController();
        const res = await fetch(`${base}/api/events`, { headers: { cookie: me.cookie }, signal: controller.signal });
        status = res.status;
        if (status === 200) {
          streams.push(controller);
          break;
        }
        await res.body?.cancel();
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(status).toBe(200);
    } finally {
      for (const controller of streams) controller.abort();
    }
    // Twenty-odd sign-ins and streams, each a few database round trips: generous for two busy CPUs.
  }, 90_000);

  it("gives administrators every user's sending and billing changes", async () => {
    const admin = await signedInAdmin(ctx);
    const user = await signedInUser(ctx);
    const userId = await profileIdOf(user.email);
    const res = await fetch(`${base}/api/events`, { headers: { cookie: admin.cookie } });
    setTimeout(() => {
      ctx.app.events.publish({ topic: 'sending', profileId: userId });
      ctx.app.events.publish({ topic: 'billing', profileId: userId });
      ctx.app.events.publish({ topic: 'mailbox', profileId: userId });
    }, 100);
    const text = await readUntil(res, (t) => t.includes('admin-sending') && t.includes('admin-billing'));
    expect(text).toContain('event: admin-sending');
    expect(text).toContain('event: admin-billing');
    // Another user's mailbox is their business only.
    expect(text).not.toContain('event: mailbox');
  });

  it('a browser that leaves while its session is still being read leaves nothing subscribed behind', async () => {
    const me = await signedInUser(ctx);
    // Count the live subscriptions the route holds.
    const events = ctx.app.events;
    const subscribe = events.subscribe;
    let subscribed = 0;
    events.subscribe = (listener) => {
      subscribed++;
      const unsubscribe = subscribe(listener);
      return () => {
        subscribed--;
        unsubscribe();
      };
    };
    // A slow session lookup (a busy database): the browser goes away before it answers.
    const viewer = ctx.app.viewer;
    ctx.app.viewer = async (request) => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      return viewer(request);
    };
    try {
      const aborted = new AbortController();
      const res = fetch(`${base}/api/events`, { headers: { cookie: me.cookie }, signal: aborted.signal });
      setTimeout(() => aborted.abort(), 50);
      await expect(res).rejects.toThrow();
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(subscribed).toBe(0);

      // A browser that stays is served as before, and its subscription ends with it.
      const open = await fetch(`${base}/api/events`, { headers: { cookie: me.cookie } });
      expect(await readUntil(open, (t) => t.includes('event: ready'))).toContain('event: ready');
      // The server hears the browser go (readUntil closed the stream) when its socket closes: waited for, with a
      // limit far above any machine's, rather than a fixed pause a busy machine may outlast.
      await vi.waitFor(() => expect(subscribed).toBe(0), { timeout: 10_000, interval: 20 });
    } finally {
      events.subscribe = subscribe;
      ctx.app.viewer = viewer;
    }
  });

  it('when the bus says events were missed, the browser is told to re-fetch everything it shows', async () => {
    const admin = await signedInAdmin(ctx);
    const events = ctx.app.events;
    const onGap = events.onGap;
    const gapListeners = new Set<() => void>();
    events.onGap = (listener) => {
      gapListeners.add(listener);
      return () => gapListeners.delete(listener);
    };
    try {
      const res = await fetch(`${base}/api/events`, { headers: { cookie: admin.cookie } });
      setTimeout(() => {
        for (const gap of gapListeners) gap();
      }, 100);
      const text = await readUntil(res, (t) => t.includes('admin-billing') && t.includes('event: mailbox'));
      for (const topic of ['profile', 'sending', 'billing', 'mailbox', 'admin-sending', 'admin-billing']) {
        expect(text).toContain(`event: ${topic}\n`);
      }
      // The stream's gap listener ends with it once the server hears the browser go (see above).
      await vi.waitFor(() => expect(gapListeners.size).toBe(0), { timeout: 10_000, interval: 20 });
    } finally {
      events.onGap = onGap;
    }
  });
});

describe('GET /api/events: the stream follows its session', () => {
  const ctx = useTestApp(() => ({ liveEventsSessionRecheckMs: 150 }));
  let base = '';
  beforeAll(async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const address = ctx.app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });

  /** Reads until the server ends the stream; false if it is still open after `ms`. */
  async function endsWithin(response: Response, ms: number): Promise<boolean> {
    const reader = response.body?.getReader();
    if (!reader) throw new Error('no body');
    const deadline = Date.now() + ms;
    try {
      while (Date.now() < deadline) {
        const chunk = await Promise.race([
          reader.read(),
          new Promise<'open'>((resolve) => setTimeout(() => resolve('open'), Math.max(1, deadline - Date.now()))),
        ]);
        if (chunk === 'open') return false;
        if (chunk.done) return true;
      }
      return false;
    } finally {
      await reader.cancel().catch(() => undefined);
    }
  }

  it("ends an administrator's stream once they are demoted, and a stream whose session was signed out", async () => {
    const admin = await signedInAdmin(ctx);
    const user = await signedInUser(ctx);
    const kept = await fetch(`${base}/api/events`, { headers: { cookie: user.cookie } });
    const adminStream = await fetch(`${base}/api/events`, { headers: { cookie: admin.cookie } });
    const [trial] = await ctx.db.select({ id: packages.id }).from(packages).where(eq(packages.name, 'تجريبي'));
    await ctx.db
      .update(profiles)
      .set({ packageId: trial?.id as string })
      .where(eq(profiles.email, admin.email));
    expect(await endsWithin(adminStream, 2000)).toBe(true);

    const signOut = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: user.cookie, origin: TEST_BASE_URL },
      payload: {},
    });
    expect(signOut.statusCode).toBe(200);
    expect(await endsWithin(kept, 2000)).toBe(true);
  });

  it('keeps the stream of a viewer whose session and role are unchanged', async () => {
    const user = await signedInUser(ctx);
    const res = await fetch(`${base}/api/events`, { headers: { cookie: user.cookie } });
    // Several re-reads (every 150 ms) pass; the stream stays open.
    expect(await endsWithin(res, 800)).toBe(false);
  });
});

describe('GET /api/events while the server closes', () => {
  const ctx = useTestApp();

  it('a stream whose session was still being read when closing began ends at once, so the close does not wait for it', async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const address = ctx.app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const me = await signedInUser(ctx);
    // The session lookup is held until the server has begun closing (a busy database during a shutdown).
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let asked!: () => void;
    const lookupStarted = new Promise<void>((resolve) => {
      asked = resolve;
    });
    const viewer = ctx.app.viewer;
    ctx.app.viewer = async (request) => {
      asked();
      await held;
      return viewer(request);
    };
    const stream = fetch(`${base}/api/events`, { headers: { cookie: me.cookie } });
    await lookupStarted;
    const closed = ctx.app.close();
    // Closing has run its pre-close step (the open streams ended) once the listener refuses new connections.
    await vi.waitFor(async () => expect(await fetch(`${base}/healthz`).catch(() => 'refused')).toBe('refused'), {
      timeout: 10_000,
      interval: 20,
    });
    release();
    const response = await stream;
    expect(response.status).toBe(200);
    // Ended, with the reconnect delay: the browser comes back to a server that is up.
    expect(await response.text()).toBe('retry: 2000\n\n');
    await closed;
  });
});
