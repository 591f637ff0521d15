import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { productionTestApp, useTestApp } from '../test-support/app';
import { buildApp } from './app';
import { parseEnv } from './config/env';
import { createOptOutConfirmationLinks } from './modules/companies/opt-out-confirmation-link';
import { createOptOutLinks } from './modules/companies/opt-out-link';

const ctx = useTestApp();

const productionApp = () => productionTestApp(ctx);

describe('server basics', () => {
  it('answers liveness and readiness', async () => {
    expect((await ctx.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    expect((await ctx.app.inject('/readyz')).json()).toEqual({ status: 'ready', environment: 'embedded' });
  });

  it('sends security headers', async () => {
    const res = await ctx.app.inject('/healthz');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBeDefined();
  });

  it('tells browsers to keep to https in production only (HSTS)', async () => {
    expect((await ctx.app.inject('/healthz')).headers['strict-transport-security']).toBeUndefined();
    const app = await productionApp();
    try {
      expect((await app.inject('/healthz')).headers['strict-transport-security']).toContain('max-age=');
    } finally {
      await app.close();
    }
  });

  it('embedded mode answers only its own host names, so a DNS-rebinding page cannot reach it (production answers any)', async () => {
    const hosts = (host: string) => ctx.app.inject({ url: '/sandbox/outbox', headers: { host } });
    for (const host of ['localhost:3000', '127.0.0.1:3000', '[::1]:3000', 'sira.localhost:3000', '192.168.1.5:3000', 'localhost']) {
      expect((await hosts(host)).statusCode, host).toBe(200);
    }
    for (const host of ['evil.example:3000', 'evil.example', 'localhost.evil.example:3000']) {
      const refused = await hosts(host);
      expect(refused.statusCode, host).toBe(421);
    }
    // The reset flow of the attack is refused before it starts.
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      headers: { host: 'evil.example:3000', origin: 'http://evil.example:3000' },
      payload: { email: 'admin@sira.example' },
    });
    expect(reset.statusCode).toBe(421);

    const app = await productionApp();
    try {
      expect((await app.inject({ url: '/healthz', headers: { host: 'sira.example' } })).statusCode).toBe(200);
      expect((await app.inject({ url: '/healthz', headers: { host: 'internal-name:8080' } })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('answers unknown API paths with a JSON error code', async () => {
    const res = await ctx.app.inject('/api/does-not-exist');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NOT_FOUND' });
  });

  it('refuses state-changing requests from a foreign origin', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { origin: 'https://evil.example' },
      payload: {},
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'FOREIGN_ORIGIN' });
  });

  it('refuses bodies over the limit with PAYLOAD_TOO_LARGE', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.example', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: 'PAYLOAD_TOO_LARGE' });
  });
});

describe('error handler', () => {
  it('never leaks a stack trace or SQL to the client', async () => {
    const app = await buildApp({
      env: parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
      db: ctx.db,
      dbKind: ctx.handle.kind,
      publicBaseUrl: 'http://localhost:3000',
      appSecret: 'test-secret-that-is-long-enough-for-better-auth-0123456789',
      logger: false,
    });
    app.get('/boom', { config: { access: 'public' } }, async () => {
      await ctx.db.execute('select * from no_such_table' as never);
    });
    const res = await app.inject('/boom');
    await app.close();
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 'INTERNAL' });
    expect(res.body).not.toMatch(/no_such_table|select|at /i);
  });

  it('answers a validation failure with VALIDATION and the field', async () => {
    const res = await ctx.app.inject('/api/content/pages/NOT_A_SLUG!');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', issues: [{ path: 'slug' }] });
  });
});

describe('web app serving', () => {
  it('serves prerendered pages, the shell for known routes, and a real 404 for unknown ones', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sira-web-'));
    mkdirSync(join(dir, 'pricing'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<html>home</html>');
    writeFileSync(join(dir, 'pricing', 'index.html'), '<html>pricing</html>');
    writeFileSync(join(dir, '__spa-fallback.html'), '<html>shell</html>');
    writeFileSync(join(dir, 'assets', 'app-abc.js'), 'console.log(1)');
    const app = await buildApp({
      env: parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
      db: ctx.db,
      dbKind: ctx.handle.kind,
      publicBaseUrl: 'http://localhost:3000',
      appSecret: 'test-secret-that-is-long-enough-for-better-auth-0123456789',
      clientDir: dir,
      logger: false,
    });
    try {
      expect((await app.inject('/')).body).toBe('<html>home</html>');
      expect((await app.inject('/pricing')).body).toBe('<html>pricing</html>');
      const dashboard = await app.inject('/dashboard');
      expect([dashboard.statusCode, dashboard.body]).toEqual([200, '<html>shell</html>']);
      const adminTab = await app.inject('/admin/companies');
      expect(adminTab.statusCode).toBe(200);
      // A company's opt-out link opens its page (the token must not read as a file name).
      const token = createOptOutLinks(app.secretBox, 'http://localhost:3000').token({
        deliveryId: '0b6f3c1e-5d2a-4c8e-9f71-2a3b4c5d6e7f',
        email: 'hr@company.example',
      });
      const optOut = await app.inject(`/opt-out/${token}`);
      expect([optOut.statusCode, optOut.body]).toEqual([200, '<html>shell</html>']);
      // So does the confirmation mailed to the company's address, and a link for the longest address the
      // directory takes (its token is far past a router's usual parameter limit).
      const confirmation = createOptOutConfirmationLinks(app.secretBox, 'http://localhost:3000').url(
        '0b6f3c1e-5d2a-4c8e-9f71-2a3b4c5d6e7f',
      );
      const confirmPage = await app.inject(new URL(confirmation).pathname);
      expect([confirmPage.statusCode, confirmPage.body]).toEqual([200, '<html>shell</html>']);
      const longToken = createOptOutLinks(app.secretBox, 'http://localhost:3000').token({
        deliveryId: '0b6f3c1e-5d2a-4c8e-9f71-2a3b4c5d6e7f',
        email: `${'r'.repeat(64)}@${'d'.repeat(63)}.${'e'.repeat(63)}.${'f'.repeat(63)}.example`,
      });
      const longPage = await app.inject(`/opt-out/${longToken}`);
      expect([longPage.statusCode, longPage.body]).toEqual([200, '<html>shell</html>']);
      const missing = await app.inject('/no-such-page');
      expect([missing.statusCode, missing.body]).toEqual([404, '<html>shell</html>']);
      const asset = await app.inject('/assets/app-abc.js');
      expect(asset.headers['cache-control']).toContain('immutable');
      expect((await app.inject('/assets/gone.js')).statusCode).toBe(404);
      expect((await app.inject('/..%2f..%2fetc/passwd')).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});

describe('content security policy', () => {
  const sha256 = (script: string) => `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;
  const scriptSrc = (csp: string | string[] | number | undefined) =>
    String(csp)
      .split(';')
      .find((d) => d.trim().startsWith('script-src '))
      ?.trim()
      .split(/\s+/)
      .slice(1) ?? [];

  it('allows no inline script but the ones each built page carries, by their sha256', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sira-csp-'));
    mkdirSync(join(dir, 'pricing'));
    const bootstrap = 'window.__context = {"origin":"https://sira.invalid/pricing"};';
    const theme = 'try { document.documentElement.dataset.theme = "light"; } catch (e) {}';
    const shellScript = 'window.__shell = 1;';
    writeFileSync(
      join(dir, 'pricing', 'index.html'),
      `<html><head><script data-mantine-script="true">${theme}</script><script type="application/ld+json">{"a":1}</script>` +
        `<script type="module" src="/static-page.js"></script></head><body><script>${bootstrap}</script>` +
        '<script type="module" async="">import "/assets/x.js";</script></body></html>',
    );
    writeFileSync(join(dir, '__spa-fallback.html'), `<html><script>${shellScript}</script></html>`);
    const app = await buildApp({
      env: parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
      db: ctx.db,
      dbKind: ctx.handle.kind,
      publicBaseUrl: 'http://localhost:3000',
      appSecret: 'test-secret-that-is-long-enough-for-better-auth-0123456789',
      clientDir: dir,
      logger: false,
    });
    try {
      const pricing = await app.inject('/pricing');
      // The page as served (its build origin replaced by this deployment's) is what the browser hashes.
      expect(pricing.body).toContain('http://localhost:3000/pricing');
      expect(scriptSrc(pricing.headers['content-security-policy']).sort()).toEqual(
        [
          "'self'",
          sha256(theme),
          sha256(bootstrap.replace('https://sira.invalid', 'http://localhost:3000')),
          sha256('import "/assets/x.js";'),
        ].sort(),
      );
      // A built page is served by its route only, not by its file name (which would skip the origin and the hashes).
      expect((await app.inject('/pricing/index.html')).statusCode).toBe(404);
      expect((await app.inject('/__spa-fallback.html')).statusCode).toBe(404);
      expect(scriptSrc((await app.inject('/dashboard')).headers['content-security-policy']).sort()).toEqual(
        ["'self'", sha256(shellScript)].sort(),
      );
      // Everything else — the API, assets — allows scripts from this origin only.
      for (const url of ['/api/auth/session', '/healthz', '/static-page.js']) {
        expect(scriptSrc((await app.inject(url)).headers['content-security-policy']), url).toEqual(["'self'"]);
      }
      expect(String(pricing.headers['content-security-policy'])).not.toContain("'unsafe-inline';script-src-attr");
      expect(String((await app.inject('/api/auth/session')).headers['content-security-policy'])).toContain("script-src-attr 'none'");
    } finally {
      await app.close();
    }
  });
});
