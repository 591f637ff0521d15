import { hkdfSync } from 'node:crypto';
import type { Env } from '../../../../config/env';
import type { ClientCredentials } from './microsoft-oauth';

/** A fixed, GUID-shaped application id: what an Azure app registration gives; the Microsoft sandbox's. */
export const MICROSOFT_SANDBOX_CLIENT_ID = '5a4db0c5-51ea-4e1d-9c1e-5a4db0c551ea';

/**
 * The client secret the sandboxes process's Microsoft accepts for MICROSOFT_SANDBOX_CLIENT_ID. Public on
 * purpose, like STAGING_GOOGLE_CLIENT_SECRET: the sandbox holds nothing real.
 */
export const STAGING_MICROSOFT_CLIENT_SECRET = 'sbx8Q~sira-staging-microsoft-sandbox-client';

const derive = (appSecret: string, purpose: string) =>
  Buffer.from(hkdfSync('sha256', appSecret, 'sira', purpose, 32)).toString('base64url');

/**
 * The client secret embedded mode's Microsoft sandbox accepts for MICROSOFT_SANDBOX_CLIENT_ID, derived from
 * APP_SECRET, so the server and its sandbox agree without anyone configuring them.
 */
export function embeddedMicrosoftClientSecret(appSecret: string): string {
  return `sbx8Q~${derive(appSecret, 'sira:microsoft-sandbox:client-secret').slice(0, 34)}`;
}

/**
 * The Azure application mailboxes are linked through: MICROSOFT_CLIENT_ID / MICROSOFT_CLIENT_SECRET when given;
 * otherwise the sandbox's in embedded mode and staging; null in production without them (no Microsoft linking).
 */
export function microsoftClientFor(
  env: Pick<Env, 'mode' | 'sandboxUrl' | 'microsoftClientId' | 'microsoftClientSecret'>,
  appSecret: string,
): ClientCredentials | null {
  if (env.microsoftClientId && env.microsoftClientSecret)
    return { clientId: env.microsoftClientId, clientSecret: env.microsoftClientSecret };
  if (env.mode === 'embedded') return { clientId: MICROSOFT_SANDBOX_CLIENT_ID, clientSecret: embeddedMicrosoftClientSecret(appSecret) };
  if (env.sandboxUrl) return { clientId: MICROSOFT_SANDBOX_CLIENT_ID, clientSecret: STAGING_MICROSOFT_CLIENT_SECRET };
  return null;
}
