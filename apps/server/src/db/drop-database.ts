/** The SQLSTATEs a DROP DATABASE … WITH (FORCE) gives while a process this role may not end is on it. */
const RETRYABLE = new Set(['42501', '55006']);

/**
 * Drops a scratch database (tests, benchmarks). WITH (FORCE) ends this role's own leftover sessions, but an
 * autovacuum worker that happens to be on the database belongs to no role this one may signal, so PostgreSQL
 * refuses with 42501 ("must be a member of the role whose process is being terminated"); such a worker is
 * gone within moments, so the drop is retried rather than failing the run.
 */
export async function dropScratchDatabase(
  admin: { query(text: string): Promise<unknown> },
  name: string,
  { attempts = 20, delayMs = 500 } = {},
): Promise<void> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a scratch database name: ${name}`);
  for (let attempt = 1; ; attempt++) {
    try {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      return;
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (attempt >= attempts || !code || !RETRYABLE.has(code)) throw error;
      await new Promise((resolve) => setTimeout(resolve, delayMs));
    }
  }
}
