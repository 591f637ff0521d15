import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * The process environment, parsed once at start-up. Production refuses to start without the variables it
 * needs and names every missing one; embedded mode (the default) needs none.
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
  TRUST_PROXY: z.string().optional(),
  ALLOWED_ORIGINS: z.string().optional(),
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
  /** In embedded mode a secret is generated once and kept under DATA_DIR (see secrets.ts). */
  appSecret: string | undefined;
  publicBaseUrl: string | undefined;
  smtpUrl: string | undefined;
  smtpFrom: string | undefined;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  logLevel: z.infer<typeof rawEnvSchema>['LOG_LEVEL'];
  runWorker: boolean;
  trustProxy: TrustProxy;
  allowedOrigins: string[];
}

export class EnvError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

const PRODUCTION_REQUIRED = ['DATABASE_URL', 'APP_SECRET', 'PUBLIC_BASE_URL', 'SMTP_URL', 'SMTP_FROM'] as const;

export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  // Empty strings mean "not set": .env files often carry `KEY=`.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = rawEnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new EnvError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const raw = parsed.data;
  const mode: Mode = raw.NODE_ENV === 'production' ? 'production' : 'embedded';
  if (mode === 'production') {
    const missing = PRODUCTION_REQUIRED.filter((k) => raw[k] === undefined);
    if (missing.length > 0) {
      throw new EnvError(missing.map((k) => `${k} is required when NODE_ENV=production`));
    }
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
    smtpUrl: raw.SMTP_URL,
    smtpFrom: raw.SMTP_FROM,
    adminEmail: raw.ADMIN_EMAIL?.trim().toLowerCase(),
    adminPassword: raw.ADMIN_PASSWORD,
    logLevel: raw.LOG_LEVEL,
    // Production runs the worker as its own process (`npm run worker`); embedded runs it in-process.
    runWorker: raw.RUN_WORKER ?? mode === 'embedded',
    trustProxy: trustProxyOf(raw.TRUST_PROXY, mode),
    allowedOrigins: allowedOriginsOf(raw.ALLOWED_ORIGINS),
  };
}
