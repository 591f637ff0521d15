import type { PaylinkEnvironment } from '@sira/shared/schemas/billing-admin';
import type { FastifyBaseLogger } from 'fastify';
import type { ProviderEndpoints } from '../../config/providers';
import type { Database } from '../../db/client';
import type { SecretBox } from '../../lib/secret-box';
import { readSetting } from '../../lib/settings';
import type { PaylinkCredentials } from './paylink-client';

/** Paylink's public test keys, printed in its docs and hard-coded in its SDKs (integrations.md §A1). */
export const PAYLINK_PUBLIC_TEST_CREDENTIALS = {
  apiId: 'APP_ID_1123453311',
  secretKey: '0662abb5-13c7-38ab-cd12-236e58f43766',
} as const;

/**
 * The webhook secret the Paylink sandbox sends (`Authorization: Bearer …`) and embedded mode and staging
 * accept while no secret is stored. Public on purpose: it exists only where the sandbox does, and a webhook only makes the
 * server ask the gateway — it never credits anything by itself.
 */
export const SANDBOX_WEBHOOK_SECRET = 'sira-embedded-paylink-sandbox-webhook';

export const PAYLINK_SETTING_KEY = 'paylink';

/** settings.paylink (spec §3) as stored: the secrets sealed with the app's secret box, never in clear. */
export interface StoredPaylinkSettings {
  apiId: string;
  baseUrl: string;
  secretKey: string | null;
  webhookSecret: string | null;
}

export interface BillingConfigDeps {
  db: Database;
  secretBox: SecretBox;
  providers: ProviderEndpoints;
  log: FastifyBaseLogger;
}

export interface ResolvedPaylink {
  /** Null when payments cannot start: nothing stored (production) or stored settings this deployment refuses. */
  credentials: PaylinkCredentials | null;
  /** What the webhook's bearer header must equal; null refuses every webhook. */
  webhookSecret: string | null;
  usingDefaults: boolean;
}

/** The Paylink addresses this deployment may use: production and test always, the sandbox only when embedded or staging. */
export function allowedBaseUrls(providers: ProviderEndpoints): Array<{ environment: PaylinkEnvironment; url: string }> {
  const { production, test, sandbox } = providers.paylinkBaseUrls;
  return [
    ...(sandbox ? [{ environment: 'sandbox' as const, url: sandbox }] : []),
    { environment: 'production' as const, url: production },
    { environment: 'test' as const, url: test },
  ];
}

const sameUrl = (a: string, b: string) => a.replace(/\/+$/, '') === b.replace(/\/+$/, '');
export const isAllowedBaseUrl = (providers: ProviderEndpoints, url: string) =>
  allowedBaseUrls(providers).some((option) => sameUrl(option.url, url));

export const readStoredPaylink = (db: Database) => readSetting<StoredPaylinkSettings>(db, PAYLINK_SETTING_KEY);

function openSecret(deps: BillingConfigDeps, sealed: string | null, what: string): string | null {
  if (!sealed) return null;
  try {
    return deps.secretBox.open(sealed);
  } catch (error) {
    // APP_SECRET changed since the admin saved it: the key must be entered again.
    deps.log.error({ err: error }, `paylink ${what} cannot be decrypted; re-enter it in the payment_gateway tab`);
    return null;
  }
}

/**
 * The settings in force. Stored ones win. With none stored, embedded mode and staging (the modes that have a
 * sandbox) use the sandbox and Paylink's public test keys, so a fresh install can demonstrate paying;
 * production has no default and answers 'لم يتم العثور على إعدادات بوابة الدفع'.
 */
export async function resolvePaylink(deps: BillingConfigDeps): Promise<ResolvedPaylink> {
  const sandbox = deps.providers.paylinkBaseUrls.sandbox;
  const stored = await readStoredPaylink(deps.db);
  if (!stored) {
    if (!sandbox) return { credentials: null, webhookSecret: null, usingDefaults: false };
    return {
      credentials: { baseUrl: sandbox, ...PAYLINK_PUBLIC_TEST_CREDENTIALS },
      webhookSecret: SANDBOX_WEBHOOK_SECRET,
      usingDefaults: true,
    };
  }
  const webhookSecret = openSecret(deps, stored.webhookSecret, 'webhook secret') ?? (sandbox ? SANDBOX_WEBHOOK_SECRET : null);
  // A database copied from a demo into production may carry the sandbox address: production never uses it.
  if (!isAllowedBaseUrl(deps.providers, stored.baseUrl)) {
    deps.log.error({ baseUrl: stored.baseUrl }, 'stored paylink baseUrl is not allowed in this mode');
    return { credentials: null, webhookSecret, usingDefaults: false };
  }
  const secretKey = openSecret(deps, stored.secretKey, 'secret key');
  if (!stored.apiId || !secretKey) return { credentials: null, webhookSecret, usingDefaults: false };
  return { credentials: { baseUrl: stored.baseUrl, apiId: stored.apiId, secretKey }, webhookSecret, usingDefaults: false };
}
