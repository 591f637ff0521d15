import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles } from '../../db/schema';
import { useTestApp } from '../../test/app';
import { signedInAdmin, signedInUser } from '../../test/auth';

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
});
