import { desc, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test-support/app';
import { signedInAdmin, signedInUser } from '../../../test-support/auth';
import { auditLog } from '../../db/schema';
import { recordAudit } from '../../lib/audit';

const ctx = useTestApp();
let admin: { email: string; cookie: string };

beforeAll(async () => {
  admin = await signedInAdmin(ctx);
  await ctx.db.delete(auditLog);
  // 30 entries a second apart, so "newest first" has one right answer.
  for (let i = 0; i < 30; i++) {
    await recordAudit(ctx.db, {
      actor: { id: 'x', email: `admin${i}@sira.example` },
      action: 'packages.update',
      entity: 'packages',
      entityId: `p${i}`,
      before: { price: i },
      after: { price: i + 1 },
    });
    await ctx.db.execute(sql`update audit_log set created_at = now() - make_interval(secs => ${100 - i}) where entity_id = ${`p${i}`}`);
  }
});

const page = (cursor?: string | null, cookie = admin.cookie) =>
  ctx.app.inject({ url: `/api/admin/audit${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`, headers: { cookie } });
type Page = {
  entries: Array<{ id: string; entityId: string; createdAt: string }>;
  total: number;
  from: number;
  cursors: Record<string, string | null>;
};

describe('GET /api/admin/audit', () => {
  it('answers newest first, 25 a page, with who, what, before and after JSON, and when', async () => {
    const res = await page();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ from: 1, pageSize: 25, total: 30, totalIsEstimate: false, cursors: { previous: null } });
    expect(body.entries).toHaveLength(25);
    expect(body.entries[0]).toMatchObject({
      actorEmail: 'admin29@sira.example',
      action: 'packages.update',
      entity: 'packages',
      entityId: 'p29',
      before: { price: 29 },
      after: { price: 30 },
    });
    const times = body.entries.map((e: { createdAt: string }) => Date.parse(e.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const second = (await page(body.cursors.next)).json();
    expect(second.entries.map((e: { entityId: string }) => e.entityId)).toEqual(['p4', 'p3', 'p2', 'p1', 'p0']);
    expect(second).toMatchObject({ from: 26, cursors: { next: null, last: null } });
    expect((await page(second.cursors.previous)).json().entries).toEqual(body.entries);
  });

  it('walks the whole log by key both ways, entries of the same microsecond included, each once', async () => {
    // Five entries written at one instant: their ids order them.
    await ctx.db.execute(
      sql`update audit_log set created_at = now() - interval '200 seconds' where entity_id in ('p10', 'p11', 'p12', 'p13', 'p14')`,
    );
    const expected = (await ctx.db.select({ id: auditLog.id }).from(auditLog).orderBy(desc(auditLog.createdAt), desc(auditLog.id))).map(
      (r) => r.id,
    );
    const forward: string[] = [];
    let body = (await page()).json() as Page;
    for (;;) {
      forward.push(...body.entries.map((e) => e.id));
      if (!body.cursors.next) break;
      body = (await page(body.cursors.next)).json() as Page;
    }
    expect(forward).toEqual(expected);
    const backward: string[] = [];
    body = (await page((await page()).json().cursors.last)).json() as Page;
    for (;;) {
      backward.unshift(...body.entries.map((e) => e.id));
      if (!body.cursors.previous) break;
      body = (await page(body.cursors.previous)).json() as Page;
    }
    expect(backward).toEqual(expected);
    // A cursor made up or of other filters is refused.
    expect((await page('bm90LWEtY3Vyc29y')).json()).toEqual({ code: 'CURSOR_INVALID' });
    const next = (await page()).json().cursors.next;
    const other = await ctx.app.inject({ url: `/api/admin/audit?entity=packages&cursor=${next}`, headers: { cookie: admin.cookie } });
    expect([other.statusCode, other.json().code]).toEqual([400, 'CURSOR_INVALID']);
  });

  it('shows a real admin write at the top with its actor', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/footer/sections',
      headers: { cookie: admin.cookie },
      payload: { title: 'قسم مدقق', order: 1 },
    });
    expect(res.statusCode).toBe(201);
    const [top] = (await page()).json().entries;
    expect(top).toMatchObject({
      actorEmail: admin.email,
      action: 'footer_sections.create',
      entityId: res.json().id,
      before: null,
      after: { title: 'قسم مدقق', order: 1 },
    });
  });

  it('refuses a cursor that is not one', async () => {
    expect((await page('not a cursor')).statusCode).toBe(400);
    expect((await page('abc')).statusCode).toBe(400);
  });

  it('is for administrators only', async () => {
    const user = await signedInUser(ctx);
    expect((await page(undefined, user.cookie)).statusCode).toBe(403);
    expect((await ctx.app.inject('/api/admin/audit')).statusCode).toBe(401);
  });
});

describe('GET /api/admin/audit filters', () => {
  const at = (iso: string, entityId: string) =>
    ctx.db.execute(sql`update audit_log set created_at = ${iso}::timestamptz where entity_id = ${entityId}`);
  const list = async (query: string) => {
    const res = await ctx.app.inject({ url: `/api/admin/audit?${query}`, headers: { cookie: admin.cookie } });
    expect(res.statusCode).toBe(200);
    return res.json() as { entries: Array<{ entityId: string }>; total: number; actors: string[]; entities: string[] };
  };
  const ids = (body: { entries: Array<{ entityId: string }> }) => body.entries.map((e) => e.entityId);

  beforeAll(async () => {
    const entries = [
      { email: 'amal@sira.example', action: 'templates.create', entity: 'templates', id: 'f1', when: '2020-01-01T10:00:00Z' },
      { email: 'amal@sira.example', action: 'templates.delete', entity: 'templates', id: 'f2', when: '2020-01-02T10:00:00Z' },
      { email: 'badr@sira.example', action: 'sending.settings.update', entity: 'settings', id: 'f3', when: '2020-01-03T10:00:00Z' },
    ];
    for (const e of entries) {
      await recordAudit(ctx.db, {
        actor: { id: 'x', email: e.email },
        action: e.action,
        entity: e.entity,
        entityId: e.id,
        after: { n: 1 },
      });
      await at(e.when, e.id);
    }
  });

  it('narrows by administrator, counting only what matches', async () => {
    const body = await list('actor=amal%40sira.example');
    expect(ids(body)).toEqual(['f2', 'f1']);
    expect(body.total).toBe(2);
    // The choices stay whole, whatever is chosen.
    expect(body.actors).toEqual(expect.arrayContaining(['amal@sira.example', 'badr@sira.example', 'admin0@sira.example']));
    expect(body.entities).toEqual(expect.arrayContaining(['packages', 'settings', 'templates']));
  });

  it('narrows by action verb (whatever the entity, dotted ones included) and by entity', async () => {
    expect(ids(await list('action=delete'))).toEqual(['f2']);
    expect(ids(await list('action=update&to=2021-01-01T00:00:00Z'))).toEqual(['f3']);
    expect(ids(await list('entity=templates'))).toEqual(['f2', 'f1']);
    expect((await list('action=update')).total).toBeGreaterThanOrEqual(31);
  });

  it('narrows by a date range, from included and to excluded, and combines every filter', async () => {
    expect(ids(await list('from=2020-01-02T00:00:00Z&to=2020-01-03T10:00:00Z'))).toEqual(['f2']);
    expect(ids(await list('from=2020-01-01T13:00:00%2B03:00&to=2020-01-04T00:00:00%2B03:00'))).toEqual(['f3', 'f2', 'f1']);
    expect(
      ids(await list('actor=amal%40sira.example&action=create&entity=templates&from=2019-12-31T00:00:00Z&to=2020-01-02T00:00:00Z')),
    ).toEqual(['f1']);
    const none = await list('actor=nobody%40sira.example');
    expect(none).toMatchObject({ entries: [], total: 0 });
  });

  it('refuses filters that are not what they say', async () => {
    for (const query of ['action=rename', 'from=yesterday', 'to=2020-13-01', "entity=x'%3Bdrop", 'actor=']) {
      const res = await ctx.app.inject({ url: `/api/admin/audit?${query}`, headers: { cookie: admin.cookie } });
      expect(res.statusCode, query).toBe(400);
    }
  });
});

describe('audit entity names', () => {
  it('every entity the server records has an Arabic label in the audit tab', async () => {
    const { readdir, readFile } = await import('node:fs/promises');
    const { join } = await import('node:path');
    const { auditEntityLabels } = await import('@sira/shared/messages/audit-admin');
    const root = join(import.meta.dirname, '..', '..');
    const files = (await readdir(root, { recursive: true })).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
    const recorded = new Set<string>();
    for (const file of files) {
      for (const match of (await readFile(join(root, file), 'utf8')).matchAll(/\bentity: '([a-z_]+)'/g)) recorded.add(match[1] as string);
    }
    expect(recorded.size).toBeGreaterThan(5);
    expect([...recorded].filter((entity) => !(entity in auditEntityLabels))).toEqual([]);
  });
});
