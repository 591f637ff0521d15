import type { InvoiceStatus } from '@sira/shared';
import {
  ADMIN_PAYMENTS_PAGE_SIZE,
  type AdminGatewaySettings,
  type AdminGatewayTest,
  type AdminGatewayTestResult,
  type AdminGatewayUpdate,
  type AdminPaymentsPage,
} from '@sira/shared/schemas/billing-admin';
import { desc, eq, ilike, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { invoices, packages, profiles } from '../../db/schema';
import { type AuditEntry, recordAudit } from '../../lib/audit';
import { badRequest } from '../../lib/errors';
import { writeSetting } from '../../lib/settings';
import type { BillingDeps } from './billing-deps';
import { checkPaylinkCredentials } from './paylink-client';
import { allowedBaseUrls, isAllowedBaseUrl, PAYLINK_SETTING_KEY, readStoredPaylink, type StoredPaylinkSettings } from './paylink-config';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The admin payment tab (spec §2): three totals over every invoice — revenue is the sum of completed amounts
 * (spec §9) — and one page of invoices, newest first, optionally filtered by the user's e-mail. An invoice
 * whose buyer deleted the account is kept for the bookkeeping period without a buyer (ADR 015) and listed
 * with no e-mail: the books need every payment.
 */
export async function listAdminPayments(db: Database, query: { search?: string | undefined; page: number }): Promise<AdminPaymentsPage> {
  const search = query.search?.trim();
  const where = search ? ilike(profiles.email, `%${escapeLike(search)}%`) : undefined;
  const [summary] = await db
    .select({
      revenue: sql<number>`coalesce(sum(${invoices.amount}) filter (where ${invoices.status} = 'completed'), 0)::int`,
      transactions: sql<number>`count(*)::int`,
      completed: sql<number>`(count(*) filter (where ${invoices.status} = 'completed'))::int`,
    })
    .from(invoices);
  const [counted] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(invoices)
    .leftJoin(profiles, eq(profiles.id, invoices.profileId))
    .where(where);
  const total = counted?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / ADMIN_PAYMENTS_PAGE_SIZE));
  const page = Math.min(query.page, pageCount);
  const rows = await db
    .select({
      id: invoices.id,
      userEmail: profiles.email,
      packageName: packages.name,
      amount: invoices.amount,
      status: invoices.status,
      createdAt: invoices.createdAt,
    })
    .from(invoices)
    .leftJoin(profiles, eq(profiles.id, invoices.profileId))
    .leftJoin(packages, eq(packages.id, invoices.packageId))
    .where(where)
    .orderBy(desc(invoices.createdAt), desc(invoices.id))
    .limit(ADMIN_PAYMENTS_PAGE_SIZE)
    .offset((page - 1) * ADMIN_PAYMENTS_PAGE_SIZE);
  return {
    summary: summary ?? { revenue: 0, transactions: 0, completed: 0 },
    items: rows.map((r) => ({ ...r, status: r.status as InvoiceStatus, createdAt: r.createdAt.toISOString() })),
    total,
    page,
    pageSize: ADMIN_PAYMENTS_PAGE_SIZE,
    pageCount,
  };
}

type GatewayDeps = Pick<BillingDeps, 'db' | 'providers' | 'publicBaseUrl' | 'secretBox' | 'log'>;

/** What the payment_gateway form shows: never a secret, only whether each one is set. */
export async function getGatewaySettings(deps: GatewayDeps, db: Database = deps.db): Promise<AdminGatewaySettings> {
  const stored = await readStoredPaylink(db);
  const options = allowedBaseUrls(deps.providers);
  return {
    apiId: stored?.apiId ?? '',
    // Default address: the sandbox where there is one (embedded, staging), else Paylink's production API.
    baseUrl: stored?.baseUrl ?? options[0]?.url ?? deps.providers.paylinkBaseUrls.production,
    // Set and still opening: a secret sealed under an earlier APP_SECRET is reported as missing.
    secretKeySet: deps.secretBox.canOpen(stored?.secretKey),
    webhookSecretSet: deps.secretBox.canOpen(stored?.webhookSecret),
    usingDefaults: !stored && deps.providers.paylinkBaseUrls.sandbox !== undefined,
    baseUrlOptions: options,
    webhookUrl: `${deps.publicBaseUrl}/api/billing/paylink/webhook`,
  };
}

function checkGatewayInput(deps: GatewayDeps, input: AdminGatewayTest) {
  if (!input.apiId) throw badRequest('GATEWAY_API_ID_REQUIRED');
  if (!isAllowedBaseUrl(deps.providers, input.baseUrl)) throw badRequest('GATEWAY_BASE_URL_INVALID');
}

/** How long a connection test waits for Paylink: the admin is watching a button. */
const GATEWAY_TEST_TIMEOUT_MS = 10_000;

/**
 * "Test connection": one Paylink authentication with the keys as typed — an empty secret means the stored
 * one — at an address this deployment allows. The secret never leaves the server; the answer is the outcome.
 */
export async function testGatewayKeys(deps: GatewayDeps, input: AdminGatewayTest): Promise<AdminGatewayTestResult> {
  checkGatewayInput(deps, input);
  let secretKey = input.secretKey || null;
  if (!secretKey) {
    const stored = await readStoredPaylink(deps.db);
    secretKey = deps.secretBox.canOpen(stored?.secretKey) ? deps.secretBox.open(stored?.secretKey as string) : null;
  }
  if (!secretKey) throw badRequest('GATEWAY_SECRET_REQUIRED');
  const result = await checkPaylinkCredentials(
    { baseUrl: input.baseUrl.replace(/\/+$/, ''), apiId: input.apiId, secretKey },
    { timeoutMs: GATEWAY_TEST_TIMEOUT_MS },
  );
  if (result.outcome !== 'accepted') deps.log.warn({ baseUrl: input.baseUrl, ...result }, 'paylink connection test failed');
  return result;
}

/**
 * Saves settings.paylink with the secrets sealed (app.secretBox). An empty secret keeps the stored one; the
 * address must be one this deployment allows, so production can never be pointed at a sandbox. The audit
 * entry records what changed, with secrets only as set / not set.
 */
export async function saveGatewaySettings(
  deps: GatewayDeps,
  actor: AuditEntry['actor'],
  input: AdminGatewayUpdate,
): Promise<AdminGatewaySettings> {
  // The keys are tried before the transaction: a call of up to 10 s must not hold a database connection.
  if (!input.saveUntested) {
    const { outcome } = await testGatewayKeys(deps, input);
    if (outcome === 'refused') throw badRequest('GATEWAY_KEYS_REFUSED');
    if (outcome === 'unreachable') throw badRequest('GATEWAY_UNREACHABLE');
  }
  checkGatewayInput(deps, input);
  return deps.db.transaction(async (tx) => {
    const before = await getGatewaySettings(deps, tx);
    const stored = await readStoredPaylink(tx);
    // An empty field keeps the stored secret — only one that still opens.
    const kept = (sealed: string | null | undefined) => (deps.secretBox.canOpen(sealed) ? (sealed as string) : null);
    const secretKey = input.secretKey ? deps.secretBox.seal(input.secretKey) : kept(stored?.secretKey);
    if (!secretKey) throw badRequest('GATEWAY_SECRET_REQUIRED');
    const next: StoredPaylinkSettings = {
      apiId: input.apiId,
      baseUrl: input.baseUrl.replace(/\/+$/, ''),
      secretKey,
      webhookSecret: input.webhookSecret ? deps.secretBox.seal(input.webhookSecret) : kept(stored?.webhookSecret),
    };
    await writeSetting(tx, PAYLINK_SETTING_KEY, next);
    const after = await getGatewaySettings(deps, tx);
    const visible = (s: AdminGatewaySettings) => ({
      apiId: s.apiId,
      baseUrl: s.baseUrl,
      secretKeySet: s.secretKeySet,
      webhookSecretSet: s.webhookSecretSet,
    });
    await recordAudit(tx, {
      actor,
      action: 'billing.gateway.update',
      entity: 'settings',
      entityId: PAYLINK_SETTING_KEY,
      before: visible(before),
      after: { ...visible(after), secretKeyChanged: Boolean(input.secretKey), webhookSecretChanged: Boolean(input.webhookSecret) },
    });
    return after;
  });
}
