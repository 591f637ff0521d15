import { z } from 'zod';
import { startSandboxes } from './sandbox/standalone';

/**
 * `npm run sandboxes`: Google, Paylink and the mail server as one process for staging (ADR 009).
 *   SANDBOX_URL      where Sira and browsers reach it (the same value the staging servers and workers get)
 *   PUBLIC_BASE_URL  Sira's address, for the Paylink webhook
 *   HOST             address to listen on (default 127.0.0.1)
 *   PORT             HTTP port (default: SANDBOX_URL's port); system mail's SMTP listens on SANDBOX_URL's port + 1,
 *                    the SMTP mailbox sandbox on + 2 (implicit TLS) and + 3 (STARTTLS)
 *   DATA_DIR         keep what the sandboxes hold across restarts (default: memory only)
 */
const envSchema = z.object({
  SANDBOX_URL: z.string().url(),
  PUBLIC_BASE_URL: z.string().url(),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).optional(),
  DATA_DIR: z.string().optional(),
  LOG_LEVEL: z.string().default('info'),
});

async function main() {
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(process.env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    throw new Error(`Invalid configuration:\n${parsed.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`).join('\n')}`);
  }
  const env = parsed.data;
  const url = new URL(env.SANDBOX_URL);
  const urlPort = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  const sandboxes = await startSandboxes({
    sandboxUrl: env.SANDBOX_URL,
    publicBaseUrl: env.PUBLIC_BASE_URL,
    host: env.HOST,
    port: env.PORT ?? urlPort,
    smtpPort: urlPort + 1,
    mailboxSmtpPorts: { tls: urlPort + 2, starttls: urlPort + 3 },
    dataDir: env.DATA_DIR,
    logLevel: env.LOG_LEVEL,
  });
  sandboxes.app.log.warn(
    { environment: 'staging', sandboxUrl: env.SANDBOX_URL, smtpPort: urlPort + 1, publicBaseUrl: env.PUBLIC_BASE_URL },
    'STAGING sandboxes listening: Google, Paylink and system mail for a rehearsal, nothing real leaves here',
  );
  let stopping = false;
  const stop = () => {
    if (stopping) process.exit(130);
    stopping = true;
    sandboxes.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`\nSira sandboxes could not start: ${error instanceof Error ? error.message : String(error)}\n\n`);
  process.exit(1);
});
