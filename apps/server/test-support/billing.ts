import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import {
  GOOGLE_PRODUCTION,
  MICROSOFT_PRODUCTION,
  PAYLINK_PRODUCTION_URL,
  PAYLINK_TEST_URL,
  type ProviderEndpoints,
} from '../src/config/providers';
import { invoices, packages, profiles } from '../src/db/schema';
import { type PaylinkSandbox, startPaylinkSandbox } from '../src/sandbox/paylink';
import { type TestContext, useTestApp } from './app';

/** Providers as embedded mode has them, with Paylink's sandbox on its own loopback port. */
export const sandboxProviders = (sandboxUrl: string): ProviderEndpoints => ({
  google: GOOGLE_PRODUCTION,
  microsoft: MICROSOFT_PRODUCTION,
  paylinkBaseUrls: { production: PAYLINK_PRODUCTION_URL, test: PAYLINK_TEST_URL, sandbox: sandboxUrl },
});

/**
 * A test app (embedded mode, nothing stored in settings.paylink, so it uses the sandbox with Paylink's public
 * test keys) and a Paylink sandbox it talks to over real HTTP.
 */
export function useBillingTestApp(options: Parameters<typeof startPaylinkSandbox>[0] = {}) {
  const holder = {} as { sandbox: PaylinkSandbox };
  beforeAll(async () => {
    holder.sandbox = await startPaylinkSandbox(options);
  });
  const ctx = useTestApp(() => ({ providers: sandboxProviders(holder.sandbox.baseUrl) }));
  afterAll(async () => {
    await holder.sandbox?.close();
  });
  return {
    ctx,
    get sandbox() {
      return holder.sandbox;
    },
  };
}

export async function packageByName(ctx: TestContext, name: string) {
  const [pkg] = await ctx.db.select().from(packages).where(eq(packages.name, name));
  if (!pkg) throw new Error(`package ${name} missing`);
  return pkg;
}

export async function profileOf(ctx: TestContext, email: string) {
  const [row] = await ctx.db
    .select({ id: profiles.id, messagesRemaining: profiles.messagesRemaining, packageName: packages.name })
    .from(profiles)
    .innerJoin(packages, eq(packages.id, profiles.packageId))
    .where(eq(profiles.email, email));
  if (!row) throw new Error(`profile ${email} missing`);
  return row;
}

export async function invoiceByTxn(ctx: TestContext, transactionNo: string) {
  const [row] = await ctx.db.select().from(invoices).where(eq(invoices.gatewayTxnId, transactionNo));
  return row;
}

/** Starts paying for a package through the real endpoint; returns Paylink's page and its transaction number. */
export async function startPurchase(ctx: TestContext, cookie: string, packageName: string) {
  const pkg = await packageByName(ctx, packageName);
  const res = await ctx.app.inject({ method: 'POST', url: '/api/billing/invoices', headers: { cookie }, payload: { packageId: pkg.id } });
  expect(res.statusCode, res.body).toBe(201);
  const { url } = res.json() as { url: string };
  const transactionNo = new URL(url).pathname.split('/').pop() as string;
  const invoice = await invoiceByTxn(ctx, transactionNo);
  if (!invoice) throw new Error('invoice not stored');
  return { url, transactionNo, orderNumber: invoice.orderNumber, pkg, invoice };
}

export const confirm = (ctx: TestContext, cookie: string, reference: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/billing/invoices/confirm', headers: { cookie }, payload: { reference } });
