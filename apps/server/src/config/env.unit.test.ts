import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv, STAGING_SMTP_FROM } from './env';

describe('parseEnv', () => {
  it('needs nothing in embedded mode and defaults the port to 3000', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ mode: 'embedded', port: 3000, dataDir: './data', runWorker: true });
  });

  it('takes the port from PORT and treats empty values as unset', () => {
    expect(parseEnv({ PORT: '4100', DATABASE_URL: '' })).toMatchObject({ port: 4100, databaseUrl: undefined });
  });

  it('refuses to start production without its required settings, naming every missing one', () => {
    let error: unknown;
    try {
      parseEnv({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/sira' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(EnvError);
    const problems = (error as EnvError).problems.join('\n');
    for (const name of ['APP_SECRET', 'PUBLIC_BASE_URL', 'SMTP_URL', 'SMTP_FROM']) expect(problems).toContain(name);
    expect(problems).not.toContain('DATABASE_URL');
  });

  it('starts production when everything is set, with the worker out of process', () => {
    const env = parseEnv({
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://db/sira',
      APP_SECRET: 'x'.repeat(40),
      PUBLIC_BASE_URL: 'https://sira.example',
      SMTP_URL: 'smtp://mail.example:587',
      SMTP_FROM: 'Sira <no-reply@sira.example>',
    });
    expect(env).toMatchObject({ mode: 'production', runWorker: false, trustProxy: 'loopback, linklocal, uniquelocal' });
  });

  it('staging: SANDBOX_URL in production stands in for the mail server too, unless SMTP_URL/SMTP_FROM are set', () => {
    const staging = {
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://db/sira',
      APP_SECRET: 'x'.repeat(40),
      PUBLIC_BASE_URL: 'https://staging.sira.example',
      SANDBOX_URL: 'http://sandboxes.internal:4010/',
    };
    expect(parseEnv(staging)).toMatchObject({
      mode: 'production',
      sandboxUrl: 'http://sandboxes.internal:4010',
      smtpUrl: 'smtp://sandboxes.internal:4011',
      smtpFrom: STAGING_SMTP_FROM,
    });
    expect(parseEnv({ ...staging, SMTP_URL: 'smtp://mail.example:587', SMTP_FROM: 'a@b.example' })).toMatchObject({
      smtpUrl: 'smtp://mail.example:587',
      smtpFrom: 'a@b.example',
    });
    // Without it, this is production, which needs its own mail server.
    expect(() => parseEnv({ ...staging, SANDBOX_URL: '' })).toThrow(/SMTP_URL/);
  });

  it('refuses SANDBOX_URL outside production: embedded mode has its own sandboxes', () => {
    expect(() => parseEnv({ SANDBOX_URL: 'http://127.0.0.1:4010' })).toThrow(/SANDBOX_URL/);
  });

  const productionBase = { NODE_ENV: 'production', DATABASE_URL: 'postgres://db/sira' };

  it('a production worker needs the database, the secret and the public address, not the mail server', () => {
    const env = parseEnv({ ...productionBase, APP_SECRET: 'x'.repeat(40), PUBLIC_BASE_URL: 'https://sira.example' }, 'worker');
    expect(env).toMatchObject({ mode: 'production', databaseUrl: 'postgres://db/sira', smtpUrl: undefined });
    const problems = (role: 'server' | 'worker' | 'migrate', source: Record<string, string>) => {
      try {
        parseEnv(source, role);
        return [];
      } catch (error) {
        return (error as EnvError).problems;
      }
    };
    // It opens sealed mailbox tokens: without APP_SECRET it could send nothing.
    expect(problems('worker', { ...productionBase, PUBLIC_BASE_URL: 'https://sira.example' })).toEqual([
      'APP_SECRET is required when NODE_ENV=production',
    ]);
    // It writes each application e-mail's opt-out link: without the public address that link would be localhost's.
    expect(problems('worker', { ...productionBase, APP_SECRET: 'x'.repeat(40) })).toEqual([
      'PUBLIC_BASE_URL is required when NODE_ENV=production',
    ]);
    expect(problems('worker', { NODE_ENV: 'production' }).join('\n')).toContain('DATABASE_URL');
  });

  it('a separate worker needs DATABASE_URL in every mode: embedded mode runs it inside the server', () => {
    expect(() => parseEnv({}, 'worker')).toThrow(/DATABASE_URL is required for a separate worker/);
    expect(parseEnv({ DATABASE_URL: 'postgres://db/sira' }, 'worker').databaseUrl).toBe('postgres://db/sira');
  });

  it('the migration needs the database and the public address (seeded OAuth redirect), nothing else', () => {
    expect(() => parseEnv({ ...productionBase, PUBLIC_BASE_URL: 'https://sira.example' }, 'migrate')).not.toThrow();
    expect(() => parseEnv(productionBase, 'migrate')).toThrow(/PUBLIC_BASE_URL is required/);
    // Embedded: the PGlite database in DATA_DIR.
    expect(parseEnv({}, 'migrate')).toMatchObject({ mode: 'embedded', databaseUrl: undefined });
  });

  it('migrates on start unless MIGRATE_ON_START=false', () => {
    expect(parseEnv({}).migrateOnStart).toBe(true);
    expect(parseEnv({ MIGRATE_ON_START: 'false' }).migrateOnStart).toBe(false);
    expect(parseEnv({ MIGRATE_ON_START: 'true' }).migrateOnStart).toBe(true);
    expect(() => parseEnv({ MIGRATE_ON_START: 'no' })).toThrow(/MIGRATE_ON_START/);
  });

  it('trusts named proxies (private ones for true), never every X-Forwarded-For entry', () => {
    expect(parseEnv({}).trustProxy).toBe(false);
    expect(parseEnv({ TRUST_PROXY: 'true' }).trustProxy).toBe('loopback, linklocal, uniquelocal');
    expect(parseEnv({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(parseEnv({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toBe('10.0.0.0/8, 127.0.0.1');
    expect(parseEnv({ TRUST_PROXY: 'loopback,2001:db8::/32' }).trustProxy).toBe('loopback, 2001:db8::/32');
    // A typo names the variable at start-up rather than failing inside the HTTP framework.
    for (const typo of ['yes', '2', '10.0.0.0/33', 'proxy.example']) expect(() => parseEnv({ TRUST_PROXY: typo })).toThrow(/TRUST_PROXY/);
  });

  it('rejects a short APP_SECRET and a malformed DATABASE_URL', () => {
    expect(() => parseEnv({ APP_SECRET: 'short' })).toThrow(/APP_SECRET/);
    expect(() => parseEnv({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
  });

  it('reads ALLOWED_ORIGINS as origins and names a malformed entry', () => {
    expect(parseEnv({}).allowedOrigins).toEqual([]);
    expect(parseEnv({ ALLOWED_ORIGINS: ' https://WWW.sira.example , http://203.0.113.10:8080/ ' }).allowedOrigins).toEqual([
      'https://www.sira.example',
      'http://203.0.113.10:8080',
    ]);
    for (const bad of ['www.sira.example', 'https://sira.example/app', 'ftp://sira.example', 'https://sira.example?x=1']) {
      expect(() => parseEnv({ ALLOWED_ORIGINS: bad }), bad).toThrow(/ALLOWED_ORIGINS/);
    }
  });

  it('sizes the database pool from DATABASE_POOL_SIZE, 10 connections unless told', () => {
    expect(parseEnv({}).databasePoolSize).toBe(10);
    expect(parseEnv({ DATABASE_POOL_SIZE: '4' }).databasePoolSize).toBe(4);
    for (const bad of ['1', '0', 'ten', '2.5']) expect(() => parseEnv({ DATABASE_POOL_SIZE: bad }), bad).toThrow(/DATABASE_POOL_SIZE/);
  });

  it('sizes the worker’s message cache from SENDING_CACHE_MB, 1024 MB unless told (64 MB on the embedded database), 0 keeping nothing', () => {
    // The embedded server is its own worker and database: a smaller cache than a worker of its own on PostgreSQL.
    expect(parseEnv({}).sendingCacheMb).toBe(64);
    expect(parseEnv({ DATABASE_URL: 'postgres://sira@localhost/sira' }).sendingCacheMb).toBe(1024);
    expect(parseEnv({ SENDING_CACHE_MB: '256' }).sendingCacheMb).toBe(256);
    expect(parseEnv({ SENDING_CACHE_MB: '0' }).sendingCacheMb).toBe(0);
    for (const bad of ['-1', 'lots']) expect(() => parseEnv({ SENDING_CACHE_MB: bad }), bad).toThrow(/SENDING_CACHE_MB/);
  });
});
