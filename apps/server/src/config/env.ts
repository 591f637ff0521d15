import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * The process environment, parsed once at start-up. Production refuses to start without the variables the
 * process's role needs and names every missing one; embedded mode (the default) needs none.
 */
const booleanish = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .optional();

const rawEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  APP_SECRET: z.string().min(32, 'APP_SECRET must be at least 32 characters').optional(),
  PUBLIC_BASE_URL: z.string().url().optional(),
  SMTP_URL: z.string().url().optional(),
  SMTP_FROM: z.string().optional(),
  ADMIN_EMAIL: z.string().email().optional(),
  ADMIN_PASSWORD: z.string().min(6).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RUN_WORKER: booleanish,
  MIGRATE_ON_START: booleanish,
  SENDING_PAUSED: booleanish,
  TRUST_PROXY: z.string().optional(),
  SANDBOX_URL: z.string().url().optional(),
  ALLOWED_ORIGINS: z.string().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(1000).optional(),
  SENDING_CACHE_MB: z.coerce.number().int().min(0).max(1_048_576).optional(),
  MICROSOFT_CLIENT_ID: z.string().min(1).optional(),
  MICROSOFT_CLIENT_SECRET: z.string().min(1).optional(),
});

/**
 * Which proxies' `X-Forwarded-For` to believe (Fastify's trustProxy): never "all of them", since the client
 * writes the first entries itself and the per-IP abuse limits would then count whatever address it invents.
 * The client's address is the last one appended by a proxy trusted here.
 * - `false`: none (the server faces the Internet).
 * - `true`: proxies on this machine or a private network (loopback, link-local and private ranges).
 * - otherwise a comma-separated list of the proxies' addresses, CIDR ranges or those three names.
 * Hop counts are not offered: Fastify refuses them, as they cannot tell a proxy from a client connecting directly.
 */
export type TrustProxy = false | string;
const PRIVATE_PROXIES = 'loopback, linklocal, uniquelocal';

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const isProxyItem = (item: string) => {
  if (PROXY_NAMES.has(item)) return true;
  const [address = '', prefix, ...rest] = item.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
};

function trustProxyOf(value: string | undefined, mode: Mode): TrustProxy {
  if (value === undefined) return mode === 'production' ? PRIVATE_PROXIES : false;
  const v = value.trim().toLowerCase();
  if (v === 'false' || v === '0') return false;
  if (v === 'true' || v === '1') return PRIVATE_PROXIES;
  const items = v.split(',').map((item) => item.trim());
  // Checked here so that a typo names the variable instead of failing inside the HTTP framework at start.
  if (!items.every(isProxyItem)) {
    throw new EnvError([
      `TRUST_PROXY: expected true, false, or proxy addresses / CIDR ranges (or loopback, linklocal, uniquelocal), got "${value}"`,
    ]);
  }
  return items.join(', ');
}

/**
 * Origins besides PUBLIC_BASE_URL's whose pages may sign in and change data (e.g. https://www.sira.sa when
 * PUBLIC_BASE_URL is https://sira.sa), comma-separated; each is a scheme, host and optional port only.
 */
function allowedOriginsOf(value: string | undefined): string[] {
  if (value === undefined) return [];
  const items = value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  const bad = items.filter((item) => {
    try {
      const url = new URL(item);
      const originOnly = url.pathname === '/' && !url.search && !url.hash && !url.username;
      return !['http:', 'https:'].includes(url.protocol) || !originOnly;
    } catch {
      return true;
    }
  });
  if (bad.length > 0) throw new EnvError([`ALLOWED_ORIGINS: expected origins such as https://www.example.com, got "${bad.join('", "')}"`]);
  return items.map((item) => new URL(item).origin);
}

export type Mode = 'embedded' | 'production';

export interface Env {
  mode: Mode;
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** In embedded mode a secret is generated once and kept under DATA_DIR (persistentSecret, lib/data-dir.ts). */
  appSecret: string | undefined;
  publicBaseUrl: string | undefined;
  smtpUrl: string | undefined;
  smtpFrom: string | undefined;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  logLevel: z.infer<typeof rawEnvSchema>['LOG_LEVEL'];
  runWorker: boolean;
  /** Migrate, seed and ensure the administrator when the process starts (else `npm run migrate` does it). */
  migrateOnStart: boolean;
  /**
   * Sending paused for every user whatever the admin panel's switch says (an incident, the first start on a
   * restored database): workers claim nothing and the panel and dashboards say so. Set it on web and worker
   * processes alike (docs/deploy.md, "Pausing all sending").
   */
  sendingPaused: boolean;
  trustProxy: TrustProxy;
  /**
   * Staging (production mode only): where the sandboxes process (`npm run sandboxes`) answers for Google,
   * Paylink and the mail server. Set, the deployment is a rehearsal and says so (ADR 009).
   */
  sandboxUrl: string | undefined;
  allowedOrigins: string[];
  /**
   * PostgreSQL connections this process's pool opens at most (db/client.ts); LISTEN/NOTIFY and the migration lock
   * take one more each (docs/deploy.md, "Database connections").
   */
  databasePoolSize: number;
  /**
   * Memory a sending worker keeps for messages ready to send, mostly encoded résumés shared by all its mailboxes
   * (worker/job-cache.ts). The default suits a worker with 2 GB of memory, or, on the embedded database, a server
   * that is also its own worker and database; 0 keeps nothing between messages.
   */
  sendingCacheMb: number;
  /**
   * The Azure app registration users link Microsoft mailboxes through (docs/deploy.md, "Microsoft"): without it
   * a production server offers no Microsoft linking. Embedded mode and staging use the Microsoft sandbox's.
   */
  microsoftClientId: string | undefined;
  microsoftClientSecret: string | undefined;
}

/** Connections per process's pool unless DATABASE_POOL_SIZE says otherwise. */
export const DEFAULT_DATABASE_POOL_SIZE = 10;
/**
 * Half of a 2 GB worker: the rest holds the process (about 150 MB), résumés being read and messages on the wire.
 * On the embedded database the worker runs inside the server, which rests at about 300 MB with its database: there
 * the cache is kept to 64 MB (about 45 encoded one-megabyte résumés; one read from the database beside it is a
 * local query).
 */
export const DEFAULT_SENDING_CACHE_MB = { postgres: 1024, pglite: 64 } as const;

export class EnvError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

/**
 * Which Sira process is reading the environment: the web server (`npm start`), a sending worker
 * (`npm run worker`) or the one-off database migration (`npm run migrate`).
 */
export type ProcessRole = 'server' | 'worker' | 'migrate';

/** Staging's system mail goes to the sandboxes' mail server unless SMTP_URL/SMTP_FROM say otherwise. */
const STAGING_DEFAULTED = new Set<string>(['SMTP_URL', 'SMTP_FROM']);
/** Logged (warn) by every staging process at start. */
export const STAGING_NOTICE = 'STAGING: Google, Paylink and system mail are sandboxes; not for real users';
export const STAGING_SMTP_FROM = 'Sira staging <no-reply@staging.sira.invalid>';

/**
 * The sandboxes process's mail server: the port after its HTTP port, on the same host. SMTP cannot share the
 * HTTP port — its server speaks first, HTTP's client does — so a browser's idle pre-connection would be
 * greeted as a mail client.
 */
export function sandboxSmtpUrl(sandboxUrl: string): string {
  const url = new URL(sandboxUrl);
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  return `smtp://${url.hostname}:${port + 1}`;
}

type RequiredSetting = 'DATABASE_URL' | 'APP_SECRET' | 'PUBLIC_BASE_URL' | 'SMTP_URL' | 'SMTP_FROM';

/**
 * What each role needs in production, and no more. The worker opens sealed mailbox tokens (APP_SECRET) and
 * talks to Google and Paylink at their fixed addresses; it sends no system mail, so it needs no SMTP. It
 * writes each application e-mail's opt-out link with PUBLIC_BASE_URL: without it, real mail would carry a
 * link to localhost. The migration seeds the default OAuth redirect address from PUBLIC_BASE_URL.
 */
const PRODUCTION_REQUIRED: Record<ProcessRole, readonly RequiredSetting[]> = {
  server: ['DATABASE_URL', 'APP_SECRET', 'PUBLIC_BASE_URL', 'SMTP_URL', 'SMTP_FROM'],
  worker: ['DATABASE_URL', 'APP_SECRET', 'PUBLIC_BASE_URL'],
  migrate: ['DATABASE_URL', 'PUBLIC_BASE_URL'],
};

export function parseEnv(source: NodeJS.ProcessEnv = process.env, role: ProcessRole = 'server'): Env {
  // Empty strings mean "not set": .env files often carry `KEY=`.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = rawEnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new EnvError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const raw = parsed.data;
  const mode: Mode = raw.NODE_ENV === 'production' ? 'production' : 'embedded';
  const sandboxUrl = raw.SANDBOX_URL?.replace(/\/+$/, '');
  if (sandboxUrl && mode !== 'production') {
    throw new EnvError(['SANDBOX_URL is for staging (NODE_ENV=production); embedded mode serves its own sandboxes']);
  }
  if (mode === 'production') {
    const missing = PRODUCTION_REQUIRED[role].filter((k) => raw[k] === undefined && !(sandboxUrl && STAGING_DEFAULTED.has(k)));
    if (missing.length > 0) {
      throw new EnvError(missing.map((k) => `${k} is required when NODE_ENV=production`));
    }
  }
  if (role === 'worker' && raw.DATABASE_URL === undefined) {
    // In embedded mode the server runs the worker itself, on a database only one process may open.
    throw new EnvError(['DATABASE_URL is required for a separate worker; embedded mode runs the worker inside `npm start`']);
  }
  return {
    mode,
    nodeEnv: raw.NODE_ENV,
    port: raw.PORT,
    host: raw.HOST,
    dataDir: raw.DATA_DIR,
    databaseUrl: raw.DATABASE_URL,
    appSecret: raw.APP_SECRET,
    publicBaseUrl: raw.PUBLIC_BASE_URL,
    smtpUrl: raw.SMTP_URL ?? (sandboxUrl ? sandboxSmtpUrl(sandboxUrl) : undefined),
    smtpFrom: raw.SMTP_FROM ?? (sandboxUrl ? STAGING_SMTP_FROM : undefined),
    adminEmail: raw.ADMIN_EMAIL?.trim().toLowerCase(),
    adminPassword: raw.ADMIN_PASSWORD,
    logLevel: raw.LOG_LEVEL,
    // Production runs the worker as its own process (`npm run worker`); embedded runs it in-process.
    runWorker: raw.RUN_WORKER ?? mode === 'embedded',
    migrateOnStart: raw.MIGRATE_ON_START ?? true,
    sendingPaused: raw.SENDING_PAUSED ?? false,
    trustProxy: trustProxyOf(raw.TRUST_PROXY, mode),
    sandboxUrl,
    allowedOrigins: allowedOriginsOf(raw.ALLOWED_ORIGINS),
    databasePoolSize: raw.DATABASE_POOL_SIZE ?? DEFAULT_DATABASE_POOL_SIZE,
    sendingCacheMb: raw.SENDING_CACHE_MB ?? DEFAULT_SENDING_CACHE_MB[raw.DATABASE_URL ? 'postgres' : 'pglite'],
    microsoftClientId: raw.MICROSOFT_CLIENT_ID,
    microsoftClientSecret: raw.MICROSOFT_CLIENT_SECRET,
  };
}
