import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test-support/app';
import { signedInUser } from '../../test-support/auth';

/**
 * A web build whose render bundle has React Router's shape and the signed-in pages' exports: it draws the page
 * from the answers it is handed (`context.firstScreen`) and prints them, with the address it was asked for, so
 * the test reads exactly what the server obtained for whom. `/my-data` fails to render, as a broken build would.
 */
const RENDER_BUNDLE = `
export const prerender = ['/'];
export const entry = { module: {
  FIRST_SCREEN_PAGES: ['/dashboard', '/my-data'],
  firstScreenAddresses: (path) => ['/api/auth/session', '/api/users/me', '/api/admin/stats', '/api/sending/status'],
  createRequestHandler: (build) => async (request, context) => {
    const url = new URL(request.url);
    if (!context?.firstScreen) return new Response('<html><body>public</body></html>', { headers: { 'content-type': 'text/html' } });
    if (!build.prerender.includes(url.pathname)) throw new Error('not rendered whole: ' + url.pathname);
    if (url.pathname === '/my-data') throw new Error('render failed');
    const html = '<!DOCTYPE html><html><body><main data-url="' + url.pathname + url.search + '">' +
      '<script type="application/json">' + JSON.stringify(context.firstScreen) + '</script></main>' +
      '<script>window.__drawn = 1;</script></body></html>';
    return new Response(html, { headers: { 'content-type': 'text/html' } });
  },
} };
`;

function webBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sira-signed-in-'));
  mkdirSync(join(dir, 'client'));
  mkdirSync(join(dir, 'render'));
  writeFileSync(join(dir, 'client', '__spa-fallback.html'), '<html><body>shell</body></html>');
  writeFileSync(join(dir, 'render', 'index.js'), RENDER_BUNDLE);
  return dir;
}

const build = webBuild();
const ctx = useTestApp(() => ({ clientDir: join(build, 'client') }));
afterAll(() => rmSync(build, { recursive: true, force: true }));

/** The answers a drawn page carries, by address. */
const answersIn = (html: string) =>
  JSON.parse(/<script type="application\/json">(.*?)<\/script>/.exec(html)?.[1] ?? 'null') as Record<string, unknown>;

let sara: { email: string; cookie: string };
let omar: { email: string; cookie: string };
beforeAll(async () => {
  sara = await signedInUser(ctx);
  omar = await signedInUser(ctx);
});

describe('signed-in pages drawn by the server', () => {
  it('arrive drawn from the user’s own answers, never kept or shared', async () => {
    const page = await ctx.app.inject({ url: '/dashboard', headers: { cookie: sara.cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.headers.vary).toContain('Cookie');
    // The policy names the page's own inline script.
    expect(String(page.headers['content-security-policy'])).toContain("'sha256-");
    const answers = answersIn(page.body);
    expect((answers['/api/auth/session'] as { user: { email: string } }).user.email).toBe(sara.email);
    expect((answers['/api/users/me'] as { email: string }).email).toBe(sara.email);
    expect(answers['/api/sending/status']).toBeDefined();
    // An answer the user may not have (the admin's figures: 403) is left out, not drawn as an error.
    expect(answers).not.toHaveProperty('/api/admin/stats');

    // Another user, right after: their own page, nothing of the first one's.
    const other = await ctx.app.inject({ url: '/dashboard', headers: { cookie: omar.cookie } });
    expect((answersIn(other.body)['/api/users/me'] as { email: string }).email).toBe(omar.email);
    expect(other.body).not.toContain(sara.email);
  });

  it('send a visitor without a valid session to /login, and back to the same address afterwards', async () => {
    for (const headers of [{}, { cookie: 'better-auth.session_token=forged.value' }]) {
      const page = await ctx.app.inject({ url: '/dashboard?status=failed', headers });
      expect(page.statusCode).toBe(302);
      expect(page.headers.location).toBe(`/login?${new URLSearchParams({ from: '/dashboard?status=failed' })}`);
      expect(page.body).not.toContain('/api/');
    }
  });

  it('keep the address’s query, and a signed-out session never reaches the page', async () => {
    const page = await ctx.app.inject({ url: '/dashboard?mailbox=linked', headers: { cookie: sara.cookie } });
    expect(page.body).toContain('data-url="/dashboard?mailbox=linked"');

    const signedOut = await signedInUser(ctx);
    const out = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: signedOut.cookie, origin: 'http://localhost:3000' },
    });
    expect(out.statusCode).toBeLessThan(300);
    const after = await ctx.app.inject({ url: '/dashboard', headers: { cookie: signedOut.cookie } });
    expect(after.statusCode).toBe(302);
  });

  it('fall back to the page the browser draws itself when drawing fails', async () => {
    const page = await ctx.app.inject({ url: '/my-data', headers: { cookie: sara.cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toBe('<html><body>shell</body></html>');
    expect(page.body).not.toContain(sara.email);
  });
});
