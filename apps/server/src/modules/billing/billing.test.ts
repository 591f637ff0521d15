import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signedInAdmin, signedInUser } from '../../../test-support/auth';
import { confirm, packageByName, startPurchase, useBillingTestApp } from '../../../test-support/billing';
import { companies, deliveries, invoices, packages, profiles, sendJobs } from '../../db/schema';
import { makeOrderNumber } from './invoices.service';

const kit = useBillingTestApp();
const { ctx } = kit;

const createFor = (cookie: string, packageId: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/billing/invoices', headers: { cookie }, payload: { packageId } });

describe('POST /api/billing/invoices', () => {
  it('makes the Paylink invoice on the server from the package price and stores it pending before answering', async () => {
    const user = await signedInUser(ctx);
    const sandboxInvoicesBefore = kit.sandbox.invoices().length;
    const { url, transactionNo, invoice, pkg } = await startPurchase(ctx, user.cookie, 'باقة البداية');

    expect(url).toBe(`${kit.sandbox.baseUrl}/pay/${transactionNo}`);
    expect(invoice).toMatchObject({ status: 'pending', amount: pkg.price, packageId: pkg.id, gatewayStatus: 'Pending' });
    const [profile] = await ctx.db.select().from(profiles).where(eq(profiles.email, user.email));
    // Spec §9: timestamp + first 8 characters of the user id.
    expect(invoice.orderNumber).toMatch(new RegExp(`^\\d{13}${profile?.id.slice(0, 8)}$`));

    expect(kit.sandbox.invoices()).toHaveLength(sandboxInvoicesBefore + 1);
    const sent = kit.sandbox.invoice(transactionNo);
    expect(sent).toMatchObject({
      orderNumber: invoice.orderNumber,
      amount: pkg.price,
      callBackUrl: 'http://localhost:3000/payment-callback',
      cancelUrl: 'http://localhost:3000/pricing',
      clientEmail: user.email,
      clientMobile: '0512345678',
      clientName: user.email.split('@')[0],
    });
    expect(sent.products).toEqual([expect.objectContaining({ title: 'باقة البداية', price: pkg.price, qty: 1 })]);
  });

  it('sends the buyer back to the origin the page was opened at (127.0.0.1 as well as localhost)', async () => {
    const user = await signedInUser(ctx);
    const pkg = await packageByName(ctx, 'باقة نمو');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/billing/invoices',
      headers: { cookie: user.cookie, host: '127.0.0.1:3000', origin: 'http://127.0.0.1:3000' },
      payload: { packageId: pkg.id },
    });
    expect(res.statusCode, res.body).toBe(201);
    const transactionNo = new URL(res.json().url).pathname.split('/').pop() as string;
    expect(kit.sandbox.invoice(transactionNo)).toMatchObject({
      callBackUrl: 'http://127.0.0.1:3000/payment-callback',
      cancelUrl: 'http://127.0.0.1:3000/pricing',
    });
    // A page of another site is refused before any invoice is made.
    const foreign = await ctx.app.inject({
      method: 'POST',
      url: '/api/billing/invoices',
      headers: { cookie: user.cookie, origin: 'https://evil.example' },
      payload: { packageId: pkg.id },
    });
    expect([foreign.statusCode, foreign.json().code]).toEqual([403, 'FOREIGN_ORIGIN']);
  });

  it('ignores any amount the browser sends', async () => {
    const user = await signedInUser(ctx);
    const pkg = await packageByName(ctx, 'باقة المحترف');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/billing/invoices',
      headers: { cookie: user.cookie },
      payload: { packageId: pkg.id, amount: 1, price: 1 },
    });
    expect(res.statusCode).toBe(201);
    const transactionNo = new URL(res.json().url).pathname.split('/').pop() as string;
    expect(kit.sandbox.invoice(transactionNo).amount).toBe(150);
  });

  it('gives every attempt its own order number', async () => {
    const user = await signedInUser(ctx);
    const a = await startPurchase(ctx, user.cookie, 'باقة نمو');
    const b = await startPurchase(ctx, user.cookie, 'باقة نمو');
    expect(a.orderNumber).not.toBe(b.orderNumber);
    expect(a.transactionNo).not.toBe(b.transactionNo);
    const stamp = Date.now();
    expect(makeOrderNumber('abcdefghij', stamp)).not.toBe(makeOrderNumber('abcdefghij', stamp));
  });

  it('refuses the reserved packages, the current package, unknown ids and administrators', async () => {
    const user = await signedInUser(ctx);
    for (const name of ['تجريبي', 'مجاني', 'admin']) {
      const res = await createFor(user.cookie, (await packageByName(ctx, name)).id);
      expect(res.json().code, name).toBe('PACKAGE_NOT_PURCHASABLE');
      expect(res.statusCode).toBe(409);
    }
    const growth = await packageByName(ctx, 'باقة نمو');
    await ctx.db.update(profiles).set({ packageId: growth.id }).where(eq(profiles.email, user.email));
    const current = await createFor(user.cookie, growth.id);
    expect([current.statusCode, current.json().code]).toEqual([409, 'ALREADY_ON_PACKAGE']);

    const unknown = await createFor(user.cookie, '00000000-0000-4000-8000-000000000000');
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'PACKAGE_NOT_FOUND']);

    const admin = await signedInAdmin(ctx);
    const byAdmin = await createFor(admin.cookie, growth.id);
    expect([byAdmin.statusCode, byAdmin.json().code]).toEqual([409, 'ADMIN_CANNOT_PURCHASE']);

    expect(await invoicesOf(user.email)).toEqual([]);
  });

  it('sells the current package again once its messages are used up, while it has companies left to write to', async () => {
    const user = await signedInUser(ctx);
    // A package of its own with one company, so "every company written to" is one delivery away.
    const [pkg] = await ctx.db
      .insert(packages)
      .values({ name: `باقة التجديد ${Date.now()}`, price: 40, messagesLimit: 25 })
      .returning();
    if (!pkg) throw new Error('package not inserted');
    const [company] = await ctx.db
      .insert(companies)
      .values({ name: 'شركة التجديد', email: `renew-${Date.now()}@renew.example`, packageId: pkg.id })
      .returning();
    if (!company) throw new Error('company not inserted');
    const [profile] = await ctx.db
      .update(profiles)
      .set({ packageId: pkg.id, messagesRemaining: 5 })
      .where(eq(profiles.email, user.email))
      .returning({ id: profiles.id });
    const options = async () =>
      (await ctx.app.inject({ url: '/api/billing/packages', headers: { cookie: user.cookie } })).json() as {
        messagesRemaining: number;
        currentPackageRefusal: string | null;
      };

    // Five messages left (the low-balance threshold): not yet; the pricing page says so before any dialog.
    expect(await options()).toMatchObject({ messagesRemaining: 5, currentPackageRefusal: 'ALREADY_ON_PACKAGE' });
    const withBalance = await createFor(user.cookie, pkg.id);
    expect([withBalance.statusCode, withBalance.json().code]).toEqual([409, 'ALREADY_ON_PACKAGE']);

    // Used up: the same package again, at its price.
    await ctx.db.update(profiles).set({ messagesRemaining: 0 }).where(eq(profiles.email, user.email));
    expect(await options()).toMatchObject({ messagesRemaining: 0, currentPackageRefusal: null });
    const again = await createFor(user.cookie, pkg.id);
    expect(again.statusCode, again.body).toBe(201);
    expect((await invoicesOf(user.email)).map((i) => [i.packageId, i.amount])).toEqual([[pkg.id, 40]]);

    // Every company of it written to: more of its messages would buy nothing.
    const [job] = await ctx.db
      .insert(sendJobs)
      .values({ profileId: profile?.id as string, subject: 'طلب', content: '<p>نص</p>', resumePath: 'x.pdf', status: 'completed' })
      .returning({ id: sendJobs.id });
    await ctx.db.insert(deliveries).values({
      jobId: job?.id as string,
      profileId: profile?.id as string,
      companyId: company.id,
      recipientEmail: company.email,
      companyName: company.name,
      sector: company.sector,
      location: company.location,
      status: 'sent',
      sentAt: new Date(),
    });
    expect(await options()).toMatchObject({ currentPackageRefusal: 'PACKAGE_COMPANIES_USED' });
    const nothingLeft = await createFor(user.cookie, pkg.id);
    expect([nothingLeft.statusCode, nothingLeft.json().code]).toEqual([409, 'PACKAGE_COMPANIES_USED']);
    expect(await invoicesOf(user.email)).toHaveLength(1);

    // The other tests of this file list the packages: this one goes.
    await ctx.db.delete(sendJobs).where(eq(sendJobs.id, job?.id as string));
    await ctx.db.delete(companies).where(eq(companies.id, company.id));
    const trial = await packageByName(ctx, 'تجريبي');
    await ctx.db.update(profiles).set({ packageId: trial.id }).where(eq(profiles.email, user.email));
    await ctx.db.delete(packages).where(eq(packages.id, pkg.id));
  });

  it('answers 401 to a visitor and PROFILE_UNAVAILABLE to an account without a mobile number', async () => {
    const pkg = await packageByName(ctx, 'باقة نمو');
    const anonymous = await ctx.app.inject({ method: 'POST', url: '/api/billing/invoices', payload: { packageId: pkg.id } });
    expect([anonymous.statusCode, anonymous.json().code]).toEqual([401, 'UNAUTHORIZED']);
    const user = await signedInUser(ctx);
    await ctx.db.update(profiles).set({ phoneNumber: null }).where(eq(profiles.email, user.email));
    const res = await createFor(user.cookie, pkg.id);
    expect([res.statusCode, res.json().code]).toEqual([404, 'PROFILE_UNAVAILABLE']);
  });

  it('answers INVOICE_CREATE_FAILED and stores nothing when Paylink fails or does not answer', async () => {
    const user = await signedInUser(ctx);
    const pkg = await packageByName(ctx, 'باقة نمو');
    kit.sandbox.injectFault({ endpoint: 'addInvoice', status: 503 });
    const res = await createFor(user.cookie, pkg.id);
    expect([res.statusCode, res.json()]).toEqual([502, { code: 'INVOICE_CREATE_FAILED' }]);
    kit.sandbox.injectFault({ endpoint: 'auth', status: 500 });
    kit.sandbox.expireTokens();
    const authFailed = await createFor(user.cookie, pkg.id);
    expect([authFailed.statusCode, authFailed.json().code]).toEqual([502, 'INVOICE_CREATE_FAILED']);
    expect(await invoicesOf(user.email)).toEqual([]);
  });

  it('cancels at Paylink an invoice that came back without a payment url, since Sira keeps no record of it', async () => {
    const user = await signedInUser(ctx);
    const pkg = await packageByName(ctx, 'باقة نمو');
    const before = kit.sandbox.invoices().length;
    kit.sandbox.injectFault({ endpoint: 'addInvoice', withoutUrl: true });
    const res = await createFor(user.cookie, pkg.id);
    expect([res.statusCode, res.json()]).toEqual([502, { code: 'INVOICE_CREATE_FAILED' }]);
    const made = kit.sandbox.invoices().slice(before);
    expect(made).toHaveLength(1);
    expect(made[0]?.orderStatus).toBe('Canceled');
    expect(await invoicesOf(user.email)).toEqual([]);
  });

  it('does not start a payment whose invoice could not be saved, and cancels it at Paylink', async () => {
    const user = await signedInUser(ctx);
    const pkg = await packageByName(ctx, 'باقة نمو');
    const before = kit.sandbox.invoices().length;
    // The database refuses the write (disk full, constraint, outage): simulated with a trigger.
    await ctx.db.execute(sql`create or replace function refuse_invoice() returns trigger language plpgsql as $$
      begin raise exception 'invoice writes refused by test'; end $$`);
    await ctx.db.execute(sql`create trigger refuse_invoice before insert on invoices for each row execute function refuse_invoice()`);
    try {
      const res = await createFor(user.cookie, pkg.id);
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ code: 'INVOICE_CREATE_FAILED' });
    } finally {
      await ctx.db.execute(sql`drop trigger refuse_invoice on invoices`);
    }
    const made = kit.sandbox.invoices().slice(before);
    expect(made).toHaveLength(1);
    expect(made[0]?.orderStatus).toBe('Canceled');
  });
});

const invoicesOf = async (email: string) =>
  ctx.db
    .select()
    .from(invoices)
    .where(eq(invoices.profileId, (await profileId(email)) as string));

async function profileId(email: string) {
  const [row] = await ctx.db.select({ id: profiles.id }).from(profiles).where(eq(profiles.email, email));
  return row?.id;
}

describe('GET /api/billing and /api/billing/packages', () => {
  it('shows a user only their own invoices, newest first, with package and status', async () => {
    const alice = await signedInUser(ctx);
    const bob = await signedInUser(ctx);
    const first = await startPurchase(ctx, alice.cookie, 'باقة نمو');
    const second = await startPurchase(ctx, alice.cookie, 'باقة التميز');
    await startPurchase(ctx, bob.cookie, 'باقة البداية');

    const res = await ctx.app.inject({ url: '/api/billing', headers: { cookie: alice.cookie } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ packageName: 'تجريبي', messagesRemaining: 10 });
    expect(body.invoices.map((i: { id: string }) => i.id)).toEqual([second.invoice.id, first.invoice.id]);
    expect(body.invoices[0]).toEqual({
      id: second.invoice.id,
      createdAt: second.invoice.createdAt.toISOString(),
      packageName: 'باقة التميز',
      amount: 199,
      status: 'pending',
      outcome: 'waiting',
    });

    const bobs = (await ctx.app.inject({ url: '/api/billing', headers: { cookie: bob.cookie } })).json();
    expect(bobs.invoices).toHaveLength(1);
    expect(bobs.invoices[0].packageName).toBe('باقة البداية');

    // Another user's transaction number is as unknown as a made-up one.
    const foreign = await confirm(ctx, bob.cookie, first.transactionNo);
    expect([foreign.statusCode, foreign.json().code]).toEqual([404, 'INVOICE_NOT_FOUND']);
    expect((await ctx.app.inject({ url: '/api/billing' })).statusCode).toBe(401);
  });

  it('shows a deleted package as missing (null) rather than dropping the invoice', async () => {
    const user = await signedInUser(ctx);
    const [temp] = await ctx.db
      .insert(packages)
      .values({ name: `مؤقتة ${Date.now()}`, price: 40, messagesLimit: 50 })
      .returning();
    const bought = await startPurchase(ctx, user.cookie, temp?.name as string);
    await ctx.db.delete(packages).where(eq(packages.id, temp?.id as string));
    const body = (await ctx.app.inject({ url: '/api/billing', headers: { cookie: user.cookie } })).json();
    expect(body.invoices[0]).toMatchObject({ id: bought.invoice.id, packageName: null, amount: 40 });
  });

  it('lists the purchasable packages in price order with the current one', async () => {
    const user = await signedInUser(ctx);
    // A free package an admin made (or an old one under Paylink's minimum) cannot be bought: not offered.
    const added = await ctx.db
      .insert(packages)
      .values([
        { name: `مجانية ${Date.now()}`, price: 0, messagesLimit: 5 },
        { name: `رمزية ${Date.now()}`, price: 3, messagesLimit: 5 },
      ])
      .returning();
    const res = await ctx.app.inject({ url: '/api/billing/packages', headers: { cookie: user.cookie } });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { currentPackageId: string; packages: Array<{ name: string; price: number }> };
    expect(body.currentPackageId).toBe((await packageByName(ctx, 'تجريبي')).id);
    const names = body.packages.map((p) => p.name);
    for (const reserved of ['تجريبي', 'مجاني', 'admin']) expect(names).not.toContain(reserved);
    expect(added).toHaveLength(2);
    expect(body.packages.filter((p) => p.price < 5)).toEqual([]);
    expect(names.slice(0, 4)).toEqual(['باقة نمو', 'باقة البداية', 'باقة المحترف', 'باقة التميز']);
    const prices = body.packages.map((p) => p.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    await ctx.db.delete(packages).where(
      inArray(
        packages.id,
        added.map((p) => p.id),
      ),
    );
  });
});
