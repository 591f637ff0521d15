import {
  ADMIN_PACKAGE,
  type InvoiceStatus,
  LOW_BALANCE_THRESHOLD,
  messageCount,
  PAYLINK_MIN_AMOUNT,
  RESERVED_PACKAGE_NAMES,
  toPackageCard,
} from '@sira/shared';
import type { BillingOverview, CurrentPackageRefusal, PaymentStatus, UpgradeOptions } from '@sira/shared/schemas/billing';
import { and, asc, desc, eq, gte, notInArray, or } from 'drizzle-orm';
import { invoices, packages, profiles } from '../../db/schema';
import { AppError, conflict, notFound } from '../../lib/errors';
import { consumeRateLimits } from '../../lib/rate-limit';
import type { Viewer } from '../../plugins/access';
import { companiesLeftFor } from '../sending/sending.service';
import type { BillingDeps } from './billing-deps';
import { invoiceOutcome } from './invoice-outcome';
import type { PaylinkInvoice } from './paylink-client';
import { resolvePaylink } from './paylink-config';
import { verifyInvoice } from './payment-confirmation';

/** The history shows the newest invoices; a person buys a handful in a lifetime. */
const HISTORY_LIMIT = 200;

let lastStamp = 0;
/**
 * Spec §9: the order number is a timestamp followed by the first 8 characters of the user id. The timestamp
 * never repeats within a process, so every attempt gets its own number (Paylink's orderNumber must be unique;
 * the column's unique index catches the rest).
 */
export function makeOrderNumber(profileId: string, now = Date.now()): string {
  lastStamp = Math.max(now, lastStamp + 1);
  return `${lastStamp}${profileId.slice(0, 8)}`;
}

const isHttpUrl = (value: string | null): value is string => {
  try {
    return value !== null && ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

/**
 * Whether the user may buy the package they already have again (ADR 021): once its messages are (nearly) used
 * up — under the low-balance threshold, when the dashboard tells them to buy more — and while it still has
 * companies they have not written to; more messages for a directory they have finished would buy nothing.
 * Returns why not, or null when they may.
 */
export async function currentPackageRefusal(
  db: BillingDeps['db'],
  profile: { id: string; packageId: string; messagesRemaining: number },
): Promise<CurrentPackageRefusal | null> {
  if (profile.messagesRemaining >= LOW_BALANCE_THRESHOLD) return 'ALREADY_ON_PACKAGE';
  if ((await companiesLeftFor(db, profile.id, profile.packageId)) === 0) return 'PACKAGE_COMPANIES_USED';
  return null;
}

/**
 * Starts paying for a package (spec §7 create-invoice, on the server): the price comes from the database,
 * the order number is fresh, and the invoice is saved as pending with Paylink's transaction number before
 * the browser is sent to Paylink. An invoice that cannot be saved is cancelled at Paylink and never paid.
 * Paylink sends the buyer back to `returnOrigin`, the origin of the page that asked (already checked against
 * the trusted origins), so a site opened at 127.0.0.1 comes back to 127.0.0.1 with its session cookie rather
 * than to PUBLIC_BASE_URL's name, where the browser holds no session; without one, PUBLIC_BASE_URL.
 */
export async function createInvoice(
  deps: BillingDeps,
  viewer: Viewer,
  packageId: string,
  returnOrigin: string = deps.publicBaseUrl,
): Promise<{ url: string }> {
  const [profile] = await deps.db
    .select({
      id: profiles.id,
      email: profiles.email,
      phone: profiles.phoneNumber,
      packageId: profiles.packageId,
      messagesRemaining: profiles.messagesRemaining,
    })
    .from(profiles)
    .where(eq(profiles.id, viewer.id));
  if (!profile?.phone) throw new AppError(404, 'PROFILE_UNAVAILABLE');
  if (viewer.isAdmin) throw conflict('ADMIN_CANNOT_PURCHASE');

  const [pkg] = await deps.db
    .select({ id: packages.id, name: packages.name, price: packages.price, messagesLimit: packages.messagesLimit })
    .from(packages)
    .where(eq(packages.id, packageId));
  if (!pkg) throw notFound('PACKAGE_NOT_FOUND');
  if (RESERVED_PACKAGE_NAMES.includes(pkg.name) || pkg.price < PAYLINK_MIN_AMOUNT) throw conflict('PACKAGE_NOT_PURCHASABLE');
  if (pkg.id === profile.packageId) {
    const refusal = await currentPackageRefusal(deps.db, profile);
    if (refusal) throw conflict(refusal);
  }

  const { credentials } = await resolvePaylink(deps);
  if (!credentials) throw new AppError(503, 'PAYMENT_SETTINGS_MISSING');
  // Each attempt creates a Paylink invoice: a script clicking "pay" in a loop must not flood the gateway.
  await consumeRateLimits(deps.db, [{ key: `billing:invoice:${viewer.id}`, max: 30, windowSeconds: 3600 }]);

  const client = deps.paylink.clientFor(credentials);
  const orderNumber = makeOrderNumber(profile.id);
  let gateway: PaylinkInvoice;
  try {
    gateway = await client.addInvoice({
      orderNumber,
      amount: pkg.price,
      callBackUrl: `${returnOrigin}/payment-callback`,
      cancelUrl: `${returnOrigin}/pricing`,
      clientName: profile.email.split('@')[0] || profile.email,
      clientEmail: profile.email,
      clientMobile: profile.phone,
      // isDigital would switch on Paylink's "send digital product" step, which needs a further API call.
      products: [{ title: pkg.name, price: pkg.price, qty: 1, description: messageCount(pkg.messagesLimit), isDigital: false }],
      note: `سيرة — ${pkg.name}`,
    });
  } catch (error) {
    deps.log.error({ err: error, orderNumber }, 'paylink addInvoice failed');
    throw new AppError(502, 'INVOICE_CREATE_FAILED');
  }
  const cancelUnrecorded = (why: string) =>
    client.cancelInvoice(gateway.transactionNo).catch((cancelError: unknown) => {
      deps.log.error({ err: cancelError, transactionNo: gateway.transactionNo }, `paylink cancelInvoice failed for ${why}`);
    });
  if (!isHttpUrl(gateway.url)) {
    deps.log.error({ orderNumber, transactionNo: gateway.transactionNo }, 'paylink addInvoice answered without a payment url');
    // Not recorded, so not payable either: a payment for it could never be credited.
    if (gateway.transactionNo) await cancelUnrecorded('an invoice without a payment url');
    throw new AppError(502, 'INVOICE_CREATE_FAILED');
  }

  try {
    await deps.db.insert(invoices).values({
      profileId: profile.id,
      packageId: pkg.id,
      amount: pkg.price,
      messages: pkg.messagesLimit,
      status: 'pending',
      gatewayTxnId: gateway.transactionNo,
      orderNumber,
      gatewayStatus: gateway.orderStatus || null,
    });
  } catch (error) {
    // Spec §8 only logs this; Sira also cancels the invoice at Paylink so nobody pays for an unrecorded order.
    deps.log.error({ err: error, orderNumber, transactionNo: gateway.transactionNo }, 'invoice could not be saved; payment not started');
    await cancelUnrecorded('an unsaved invoice');
    throw new AppError(500, 'INVOICE_CREATE_FAILED');
  }
  deps.events.publish({ topic: 'billing', profileId: profile.id });
  return { url: gateway.url };
}

/**
 * The callback page's check (spec §2 /payment-callback): the invoice must be this user's, found by Paylink's
 * transaction number or our order number; then Paylink is asked and its answer recorded.
 */
export async function confirmPayment(deps: BillingDeps, profileId: string, reference: string): Promise<PaymentStatus> {
  const [row] = await deps.db
    .select({
      id: invoices.id,
      profileId: invoices.profileId,
      gatewayTxnId: invoices.gatewayTxnId,
      status: invoices.status,
      packageName: packages.name,
    })
    .from(invoices)
    .leftJoin(packages, eq(packages.id, invoices.packageId))
    .where(and(eq(invoices.profileId, profileId), or(eq(invoices.gatewayTxnId, reference), eq(invoices.orderNumber, reference))));
  if (!row) throw notFound('INVOICE_NOT_FOUND');
  // Each check of an open invoice asks Paylink: a script must not spend Sira's standing with the gateway (the
  // callback page asks 10 times; 120 in 10 minutes leaves room for reloads and several tabs).
  if (row.status !== 'completed') {
    await consumeRateLimits(deps.db, [{ key: `billing:confirm:${profileId}`, max: 120, windowSeconds: 600 }]);
  }
  const { status } = await verifyInvoice(deps, { ...row, profileId, status: row.status as InvoiceStatus });
  const [active] = await deps.db
    .select({ name: packages.name })
    .from(profiles)
    .innerJoin(packages, eq(packages.id, profiles.packageId))
    .where(eq(profiles.id, profileId));
  return { status, packageName: row.packageName, activePackageName: active?.name ?? null };
}

/** The billing page: current package and balance, and the user's own invoices, newest first. */
export async function getBillingOverview(deps: Pick<BillingDeps, 'db'>, profileId: string): Promise<BillingOverview | undefined> {
  const [profile] = await deps.db
    .select({ packageName: packages.name, messagesRemaining: profiles.messagesRemaining })
    .from(profiles)
    .innerJoin(packages, eq(packages.id, profiles.packageId))
    .where(eq(profiles.id, profileId));
  if (!profile) return undefined;
  const rows = await deps.db
    .select({
      id: invoices.id,
      createdAt: invoices.createdAt,
      packageName: packages.name,
      amount: invoices.amount,
      status: invoices.status,
      gatewayStatus: invoices.gatewayStatus,
    })
    .from(invoices)
    .leftJoin(packages, eq(packages.id, invoices.packageId))
    .where(eq(invoices.profileId, profileId))
    .orderBy(desc(invoices.createdAt))
    .limit(HISTORY_LIMIT);
  return {
    ...profile,
    invoices: rows.map(({ gatewayStatus, ...r }) => ({
      ...r,
      createdAt: r.createdAt.toISOString(),
      status: r.status as InvoiceStatus,
      outcome: invoiceOutcome(r.status, gatewayStatus),
    })),
  };
}

/**
 * /upgrade and /pricing: every package but the reserved ones and those priced under Paylink's minimum, cheapest
 * first (spec §5, §7), the user's current one and balance, and whether that one may be bought again.
 */
export async function getUpgradeOptions(deps: Pick<BillingDeps, 'db'>, profileId: string): Promise<UpgradeOptions | undefined> {
  const [profile] = await deps.db
    .select({ id: profiles.id, packageId: profiles.packageId, messagesRemaining: profiles.messagesRemaining })
    .from(profiles)
    .where(eq(profiles.id, profileId));
  if (!profile) return undefined;
  // Only what can be bought: a package priced under Paylink's minimum would end in "not purchasable" at pay.
  const rows = await deps.db
    .select()
    .from(packages)
    .where(and(notInArray(packages.name, [...RESERVED_PACKAGE_NAMES, ADMIN_PACKAGE]), gte(packages.price, PAYLINK_MIN_AMOUNT)))
    .orderBy(asc(packages.price), asc(packages.name));
  return {
    currentPackageId: profile.packageId,
    messagesRemaining: profile.messagesRemaining,
    currentPackageRefusal: await currentPackageRefusal(deps.db, profile),
    packages: rows.map(toPackageCard),
  };
}
