import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test-support/app';
import { signedInAdmin, signedInUser } from '../../../test-support/auth';
import { auditLog, companies, invoices, packages, profiles } from '../../db/schema';

const ctx = useTestApp();

type AdminPackage = {
  id: string;
  name: string;
  price: number;
  messagesLimit: number;
  features: string[];
  canUploadExcel: boolean;
  description: string;
  icon: string | null;
  ctaText: string | null;
  highlighted: boolean;
  originalPrice: number | null;
  discountPercent: number | null;
  reserved: boolean;
  profilesCount: number;
  companiesCount: number;
};

const send = (cookie: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });
const listPackages = async (cookie: string) => {
  const res = await send(cookie, 'GET', '/api/admin/packages');
  expect(res.statusCode).toBe(200);
  return res.json() as AdminPackage[];
};
const create = (cookie: string, payload: unknown) => send(cookie, 'POST', '/api/admin/packages', payload);
const update = (cookie: string, id: string, payload: unknown) => send(cookie, 'PATCH', `/api/admin/packages/${id}`, payload);
const remove = (cookie: string, id: string) => send(cookie, 'DELETE', `/api/admin/packages/${id}`);

let n = 0;
const uniqueName = (label = 'باقة اختبار') => `${label} ${Date.now()}-${n++}`;

async function createOk(cookie: string, payload: Record<string, unknown>): Promise<AdminPackage> {
  const res = await create(cookie, payload);
  expect(res.statusCode).toBe(201);
  return res.json();
}
async function packageRow(name: string) {
  const [row] = await ctx.db.select().from(packages).where(eq(packages.name, name));
  return row;
}
const auditFor = (entityId: string) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'packages'), eq(auditLog.entityId, entityId)))
    .orderBy(auditLog.createdAt);

describe('admin packages: access', () => {
  it('answers 401 to visitors and 403 to users who are not administrators, on every route', async () => {
    const member = await signedInUser(ctx);
    const [trial] = await ctx.db.select().from(packages).where(eq(packages.name, 'تجريبي'));
    const id = trial?.id as string;
    const calls = [
      ['GET', '/api/admin/packages', undefined],
      ['POST', '/api/admin/packages', { name: uniqueName() }],
      ['PATCH', `/api/admin/packages/${id}`, { price: 999 }],
      ['DELETE', `/api/admin/packages/${id}`, undefined],
    ] as const;
    for (const [method, url, payload] of calls) {
      expect((await send('', method, url, payload)).statusCode).toBe(401);
      expect((await send(member.cookie, method, url, payload)).statusCode).toBe(403);
    }
    expect((await packageRow('تجريبي'))?.price).toBe(0);
  });
});

describe('GET /api/admin/packages', () => {
  it('lists every package, reserved ones included, cheapest first, with usage', async () => {
    const admin = await signedInAdmin(ctx);
    await signedInUser(ctx);
    const list = await listPackages(admin.cookie);
    const names = list.map((p) => p.name);
    for (const reserved of ['تجريبي', 'مجاني', 'admin']) expect(names).toContain(reserved);
    const prices = list.map((p) => p.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(
      list
        .filter((p) => p.reserved)
        .map((p) => p.name)
        .sort(),
    ).toEqual(['admin', 'تجريبي', 'مجاني'].sort());
    const [trialUsers] = await ctx.db
      .select({ count: sql<number>`count(*)::int` })
      .from(profiles)
      .innerJoin(packages, eq(packages.id, profiles.packageId))
      .where(eq(packages.name, 'تجريبي'));
    expect(list.find((p) => p.name === 'تجريبي')?.profilesCount).toBe(trialUsers?.count);
    expect(list.find((p) => p.name === 'admin')?.profilesCount).toBeGreaterThanOrEqual(1);
  });
});

describe('POST /api/admin/packages', () => {
  it('creates with the spec defaults: price 0, no messages, no features, no Excel; and records it', async () => {
    const admin = await signedInAdmin(ctx);
    const name = uniqueName();
    const created = await createOk(admin.cookie, { name: `  ${name} ` });
    expect(created).toMatchObject({
      name,
      price: 0,
      messagesLimit: 0,
      features: [],
      canUploadExcel: false,
      highlighted: false,
      reserved: false,
      profilesCount: 0,
      companiesCount: 0,
    });
    expect(await packageRow(name)).toMatchObject({ price: 0, messagesLimit: 0, features: [], canUploadExcel: false });
    const [entry, ...more] = await auditFor(created.id);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ action: 'packages.create', actorEmail: admin.email, before: null, after: { name, price: 0 } });
  });

  it('stores every field: integers, features without blank lines or repeats, the Excel flag and the display extras', async () => {
    const admin = await signedInAdmin(ctx);
    const name = uniqueName();
    const created = await createOk(admin.cookie, {
      name,
      price: 120,
      messagesLimit: 450,
      features: [' ميزة أولى ', '', '   ', 'ميزة ثانية', 'ميزة أولى'],
      canUploadExcel: true,
      description: 'وصف الباقة',
      icon: 'rocket',
      ctaText: 'اشترك',
      highlighted: true,
      originalPrice: 160,
      discountPercent: 25,
    });
    expect(created).toMatchObject({
      price: 120,
      messagesLimit: 450,
      features: ['ميزة أولى', 'ميزة ثانية'],
      canUploadExcel: true,
      description: 'وصف الباقة',
      icon: 'rocket',
      ctaText: 'اشترك',
      highlighted: true,
      originalPrice: 160,
      discountPercent: 25,
    });
    // The pricing page shows it too.
    const publicNames = (await ctx.app.inject('/api/packages')).json().map((p: { name: string }) => p.name);
    expect(publicNames).toContain(name);
  });

  it('requires a name and whole, non-negative numbers', async () => {
    const admin = await signedInAdmin(ctx);
    const bad: Array<[unknown, string]> = [
      [{}, 'name'],
      [{ name: '   ' }, 'name'],
      [{ name: uniqueName(), price: -1 }, 'price'],
      [{ name: uniqueName(), price: 9.5 }, 'price'],
      [{ name: uniqueName(), price: '10' }, 'price'],
      [{ name: uniqueName(), messagesLimit: -5 }, 'messagesLimit'],
      [{ name: uniqueName(), messagesLimit: 1.25 }, 'messagesLimit'],
      [{ name: uniqueName(), features: 'one\ntwo' }, 'features'],
    ];
    const before = (await listPackages(admin.cookie)).length;
    for (const [payload, path] of bad) {
      const res = await create(admin.cookie, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION', issues: [{ path }] });
    }
    expect((await listPackages(admin.cookie)).length).toBe(before);
  });

  it("refuses a price between free and Paylink's minimum, on create and on edit", async () => {
    const admin = await signedInAdmin(ctx);
    for (const price of [1, 4]) {
      const res = await create(admin.cookie, { name: uniqueName(), price });
      expect([res.statusCode, res.json().code]).toEqual([400, 'PACKAGE_PRICE_BELOW_MINIMUM']);
    }
    const free = await createOk(admin.cookie, { name: uniqueName(), price: 0 });
    const cheapest = await createOk(admin.cookie, { name: uniqueName(), price: 5 });
    expect(cheapest.price).toBe(5);
    const edit = await update(admin.cookie, free.id, { price: 3 });
    expect([edit.statusCode, edit.json().code]).toEqual([400, 'PACKAGE_PRICE_BELOW_MINIMUM']);
    expect(await packageRow(free.name)).toMatchObject({ price: 0 });
  });

  it('refuses a name another package has, even with spaces around it', async () => {
    const admin = await signedInAdmin(ctx);
    for (const name of ['باقة نمو', ' باقة نمو ', 'admin']) {
      const res = await create(admin.cookie, { name, price: 5 });
      expect([res.statusCode, res.json().code]).toEqual([409, 'PACKAGE_NAME_TAKEN']);
    }
    expect((await packageRow('باقة نمو'))?.price).toBe(30);
  });
});

describe('the most popular package', () => {
  const highlightedNames = async () =>
    (await ctx.db.select({ name: packages.name }).from(packages).where(eq(packages.highlighted, true))).map((r) => r.name);

  it('is one at a time: marking another, on create or edit, takes the mark from the first, with an audit entry', async () => {
    const admin = await signedInAdmin(ctx);
    const a = await createOk(admin.cookie, { name: uniqueName('الأكثر شيوعاً أ'), price: 40, highlighted: true });
    expect(await highlightedNames()).toEqual([a.name]);
    const b = await createOk(admin.cookie, { name: uniqueName('الأكثر شيوعاً ب'), price: 60, highlighted: true });
    expect(await highlightedNames()).toEqual([b.name]);
    const unmarked = (await auditFor(a.id)).at(-1);
    expect(unmarked).toMatchObject({ action: 'packages.update', before: { highlighted: true }, after: { highlighted: false } });

    expect((await update(admin.cookie, a.id, { highlighted: true })).json().highlighted).toBe(true);
    expect(await highlightedNames()).toEqual([a.name]);
    // Unmarking touches nobody else; the public list then has none.
    await update(admin.cookie, a.id, { highlighted: false });
    expect(await highlightedNames()).toEqual([]);
    const pricing = (await ctx.app.inject('/api/packages')).json() as Array<{ highlighted: boolean }>;
    expect(pricing.filter((p) => p.highlighted)).toEqual([]);
  });

  it('stays one when two administrators mark different packages at the same moment', async () => {
    const admin = await signedInAdmin(ctx);
    const a = await createOk(admin.cookie, { name: uniqueName('سباق أ'), price: 40 });
    const b = await createOk(admin.cookie, { name: uniqueName('سباق ب'), price: 60 });
    for (let round = 0; round < 5; round++) {
      const answers = await Promise.all([
        update(admin.cookie, a.id, { highlighted: true }),
        update(admin.cookie, b.id, { highlighted: true }),
      ]);
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
      expect(await highlightedNames()).toHaveLength(1);
    }
  });
});

describe('direction controls in package text', () => {
  it('drops overrides, embeddings and isolates from every text field, keeps the RLM mark, and /pricing shows the name as typed', async () => {
    const admin = await signedInAdmin(ctx);
    const name = uniqueName('الباقة الذهبية');
    const created = await createOk(admin.cookie, {
      name: `\u202e${name}\u202c`,
      price: 50,
      features: ['\u2067ميزة\u2069', 'Pro\u200f.'],
      description: 'وصف\u202b قصير\u202c',
      ctaText: '\u202dاشترك',
      icon: '\u2066star',
    });
    expect(created).toMatchObject({ name, features: ['ميزة', 'Pro\u200f.'], description: 'وصف قصير', ctaText: 'اشترك', icon: 'star' });
    expect((await packageRow(name))?.name).toBe(name);
    const pricing = (await ctx.app.inject('/api/packages')).json() as Array<{ name: string }>;
    expect(pricing.map((p) => p.name)).toContain(name);

    // A reserved name cannot be imitated with an invisible override either.
    const imitation = await create(admin.cookie, { name: 'admin\u202c', price: 5 });
    expect([imitation.statusCode, imitation.json().code]).toEqual([409, 'PACKAGE_NAME_TAKEN']);
    const renamed = await update(admin.cookie, created.id, { name: `${name}\u2068 2\u2069` });
    expect(renamed.json().name).toBe(`${name} 2`);
  });
});

describe('PATCH /api/admin/packages/:id', () => {
  it('changes only the fields sent and records the row before and after', async () => {
    const admin = await signedInAdmin(ctx);
    const original = await createOk(admin.cookie, { name: uniqueName(), price: 50, messagesLimit: 100, features: ['أ'] });
    const renamed = uniqueName('باقة معدلة');
    const res = await update(admin.cookie, original.id, { name: renamed, price: 75, features: ['ب', 'ج'], canUploadExcel: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: renamed, price: 75, messagesLimit: 100, features: ['ب', 'ج'], canUploadExcel: true });
    expect(await packageRow(original.name)).toBeUndefined();
    expect(await packageRow(renamed)).toMatchObject({ price: 75, messagesLimit: 100 });
    const entries = await auditFor(original.id);
    expect(entries.map((e) => e.action)).toEqual(['packages.create', 'packages.update']);
    expect(entries[1]).toMatchObject({
      actorEmail: admin.email,
      before: { name: original.name, price: 50, features: ['أ'] },
      after: { name: renamed, price: 75, features: ['ب', 'ج'] },
    });
  });

  it('clears the display extras when sent empty', async () => {
    const admin = await signedInAdmin(ctx);
    const pkg = await createOk(admin.cookie, { name: uniqueName(), icon: 'star', ctaText: 'اشترك', originalPrice: 10, discountPercent: 5 });
    const res = await update(admin.cookie, pkg.id, { icon: '', ctaText: '  ', originalPrice: null, discountPercent: null });
    expect(res.json()).toMatchObject({ icon: null, ctaText: null, originalPrice: null, discountPercent: null });
  });

  it('refuses a name another package has, and bad numbers', async () => {
    const admin = await signedInAdmin(ctx);
    const pkg = await createOk(admin.cookie, { name: uniqueName(), price: 10 });
    const taken = await update(admin.cookie, pkg.id, { name: 'باقة المحترف' });
    expect([taken.statusCode, taken.json().code]).toEqual([409, 'PACKAGE_NAME_TAKEN']);
    const negative = await update(admin.cookie, pkg.id, { messagesLimit: -1 });
    expect([negative.statusCode, negative.json().code]).toEqual([400, 'VALIDATION']);
    // Sending its own name back is not a clash.
    expect((await update(admin.cookie, pkg.id, { name: pkg.name, price: 11 })).statusCode).toBe(200);
    expect(await packageRow(pkg.name)).toMatchObject({ price: 11 });
  });

  it('never renames a reserved package, but lets its other fields change', async () => {
    const admin = await signedInAdmin(ctx);
    const list = await listPackages(admin.cookie);
    for (const name of ['تجريبي', 'مجاني', 'admin']) {
      const pkg = list.find((p) => p.name === name) as AdminPackage;
      const res = await update(admin.cookie, pkg.id, { name: uniqueName() });
      expect([res.statusCode, res.json().code]).toEqual([409, 'PACKAGE_RESERVED']);
      expect(await packageRow(name)).toBeDefined();
    }
    const trial = list.find((p) => p.name === 'تجريبي') as AdminPackage;
    const res = await update(admin.cookie, trial.id, { name: 'تجريبي', messagesLimit: trial.messagesLimit + 5 });
    expect(res.statusCode).toBe(200);
    expect((await packageRow('تجريبي'))?.messagesLimit).toBe(trial.messagesLimit + 5);
  });

  it('answers PACKAGE_NOT_FOUND for an unknown id and VALIDATION for a malformed one', async () => {
    const admin = await signedInAdmin(ctx);
    const missing = await update(admin.cookie, '00000000-0000-4000-8000-000000000000', { price: 10 });
    expect([missing.statusCode, missing.json().code]).toEqual([404, 'PACKAGE_NOT_FOUND']);
    const malformed = await update(admin.cookie, 'not-a-uuid', { price: 10 });
    expect([malformed.statusCode, malformed.json().code]).toEqual([400, 'VALIDATION']);
  });
});

describe('DELETE /api/admin/packages/:id', () => {
  it('deletes an unused package and records what it was', async () => {
    const admin = await signedInAdmin(ctx);
    const pkg = await createOk(admin.cookie, { name: uniqueName(), price: 40 });
    const res = await remove(admin.cookie, pkg.id);
    expect(res.statusCode).toBe(204);
    expect(await packageRow(pkg.name)).toBeUndefined();
    const entries = await auditFor(pkg.id);
    expect(entries.at(-1)).toMatchObject({ action: 'packages.delete', actorEmail: admin.email, before: { name: pkg.name }, after: null });
    expect((await remove(admin.cookie, pkg.id)).json().code).toBe('PACKAGE_NOT_FOUND');
  });

  it('never deletes a reserved package', async () => {
    const admin = await signedInAdmin(ctx);
    const list = await listPackages(admin.cookie);
    for (const name of ['تجريبي', 'مجاني', 'admin']) {
      const pkg = list.find((p) => p.name === name) as AdminPackage;
      const res = await remove(admin.cookie, pkg.id);
      expect([res.statusCode, res.json().code]).toEqual([409, 'PACKAGE_RESERVED']);
      expect(await packageRow(name)).toBeDefined();
    }
  });

  it('refuses while a profile uses the package, and deletes once it no longer does', async () => {
    const admin = await signedInAdmin(ctx);
    const member = await signedInUser(ctx);
    const pkg = await createOk(admin.cookie, { name: uniqueName(), messagesLimit: 20 });
    const [profile] = await ctx.db.select({ id: profiles.id }).from(profiles).where(eq(profiles.email, member.email));
    const moved = await send(admin.cookie, 'PATCH', `/api/admin/users/${profile?.id}`, { packageName: pkg.name, messagesRemaining: 0 });
    expect(moved.statusCode).toBe(200);

    const refused = await remove(admin.cookie, pkg.id);
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'PACKAGE_IN_USE']);
    expect(await packageRow(pkg.name)).toBeDefined();
    expect((await auditFor(pkg.id)).map((e) => e.action)).not.toContain('packages.delete');

    await send(admin.cookie, 'PATCH', `/api/admin/users/${profile?.id}`, { packageName: 'تجريبي', messagesRemaining: 0 });
    expect((await remove(admin.cookie, pkg.id)).statusCode).toBe(204);
  });

  it('refuses while an invoice for the package may still be paid, and deletes once none may', async () => {
    const admin = await signedInAdmin(ctx);
    const buyer = await signedInUser(ctx);
    const pkg = await createOk(admin.cookie, { name: uniqueName(), price: 49 });
    const [profile] = await ctx.db.select({ id: profiles.id }).from(profiles).where(eq(profiles.email, buyer.email));
    const stamp = `${Date.now()}-${Math.random()}`;
    const [invoice] = await ctx.db
      .insert(invoices)
      .values({ profileId: profile?.id as string, packageId: pkg.id, amount: 49, orderNumber: `T-${stamp}`, gatewayTxnId: `txn-${stamp}` })
      .returning({ id: invoices.id });
    const refused = await remove(admin.cookie, pkg.id);
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'PACKAGE_BEING_PAID']);

    // A declined card Paylink still shows as Pending can be paid on a later try: still refused.
    await ctx.db
      .update(invoices)
      .set({ status: 'failed', gatewayStatus: 'Pending' })
      .where(eq(invoices.id, invoice?.id as string));
    expect((await remove(admin.cookie, pkg.id)).json().code).toBe('PACKAGE_BEING_PAID');

    await ctx.db
      .update(invoices)
      .set({ status: 'failed', gatewayStatus: 'Canceled' })
      .where(eq(invoices.id, invoice?.id as string));
    expect((await remove(admin.cookie, pkg.id)).statusCode).toBe(204);
    const [kept] = await ctx.db
      .select()
      .from(invoices)
      .where(eq(invoices.id, invoice?.id as string));
    expect(kept?.packageId).toBeNull();
  });

  it('refuses while a company is listed under the package', async () => {
    const admin = await signedInAdmin(ctx);
    const pkg = await createOk(admin.cookie, { name: uniqueName() });
    await ctx.db.insert(companies).values({ name: 'شركة اختبار', email: `hr.${Date.now()}@company.example`, packageId: pkg.id });
    expect((await listPackages(admin.cookie)).find((p) => p.id === pkg.id)?.companiesCount).toBe(1);
    const refused = await remove(admin.cookie, pkg.id);
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'PACKAGE_IN_USE']);
    expect(await packageRow(pkg.name)).toBeDefined();
  });
});

describe('audit and write share one transaction', () => {
  it('creates nothing when the audit entry cannot be written', async () => {
    const admin = await signedInAdmin(ctx);
    const name = uniqueName();
    await ctx.db.execute(sql`alter table audit_log add constraint test_block_packages check (action <> 'packages.create') not valid`);
    try {
      expect((await create(admin.cookie, { name })).statusCode).toBe(500);
    } finally {
      await ctx.db.execute(sql`alter table audit_log drop constraint test_block_packages`);
    }
    expect(await packageRow(name)).toBeUndefined();
  });
});
