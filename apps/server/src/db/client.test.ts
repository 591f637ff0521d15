import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DATABASE_POOL_SIZE } from '../config/env';
import { openDatabase } from './client';
import { DatabaseConnectionError, describeTarget } from './connection-error';

/** A port nothing listens on: taken from the system, then let go. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (typeof address !== 'object' || !address) throw new Error('no port');
  return address.port;
}

async function refusal(url: string): Promise<DatabaseConnectionError> {
  const error = await openDatabase({ url }).then(
    async (handle) => {
      await handle.close();
      throw new Error('connected');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DatabaseConnectionError);
  return error as DatabaseConnectionError;
}

describe('opening PostgreSQL', () => {
  it('names the address and says nothing listens there when the port is closed', async () => {
    const port = await closedPort();
    const error = await refusal(`postgres://sira:s3cret-pass@127.0.0.1:${port}/sira`);
    expect(error.message).toBe(
      `Cannot connect to PostgreSQL at sira@127.0.0.1:${port}/sira: connection refused: is PostgreSQL running, and listening on that host and port?`,
    );
    expect(error.message).not.toContain('s3cret-pass');
  });

  it('never shows the password when it describes the target', () => {
    expect(describeTarget('postgres://app%40x:p%40ss@db.internal/sira_prod')).toBe('app@x@db.internal:5432/sira_prod');
    expect(describeTarget('postgres://db.internal:6432/sira')).toBe('db.internal:6432/sira');
  });
});

describe.runIf(process.env.SIRA_TEST_DB === 'postgres' && process.env.TEST_DATABASE_URL)('opening PostgreSQL (real server)', () => {
  const serverUrl = () => new URL(process.env.TEST_DATABASE_URL as string);

  it('a wrong password is called an authentication failure, without the password', async () => {
    const url = serverUrl();
    url.password = 'not-the-password';
    const error = await refusal(url.toString());
    expect(error.code).toBe('28P01');
    expect(error.message).toBe(
      `Cannot connect to PostgreSQL at ${describeTarget(url.toString())}: authentication failed: wrong user name or password`,
    );
    expect(error.message).not.toContain('not-the-password');
  });

  it('a database that does not exist is named', async () => {
    const url = serverUrl();
    const name = `sira_missing_${randomBytes(4).toString('hex')}`;
    url.pathname = `/${name}`;
    const error = await refusal(url.toString());
    expect(error.code).toBe('3D000');
    expect(error.message).toContain(`:${url.port || '5432'}/${name}: the database does not exist`);
  });

  it.each([
    [3, 3],
    [undefined, DEFAULT_DATABASE_POOL_SIZE],
  ])('a pool of %s opens at most %s connections, however many statements wait', async (poolSize, most) => {
    const handle = await openDatabase({ url: serverUrl().toString(), ...(poolSize ? { poolSize } : {}) });
    try {
      await Promise.all(Array.from({ length: 3 * most }, () => handle.db.execute(sql`select pg_sleep(0.01)`)));
      // The pool opens a connection for each statement waiting until it holds its most.
      expect((handle.db as unknown as { $client: pg.Pool }).$client.totalCount).toBe(most);
    } finally {
      await handle.close();
    }
  });
});
