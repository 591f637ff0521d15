import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_APP_SECRET, useTestApp } from '../../../test-support/app';
import { signedInAdmin } from '../../../test-support/auth';
import { TEST_BASE_URL } from '../../../test-support/global-setup';
import { buildApp } from '../../app';
import { parseEnv } from '../../config/env';
import { packages, pages } from '../../db/schema';
import { createLocalEventBus, createPostgresEventBus } from '../../lib/event-bus';
import { createPublicPages } from './public-pages';

/**
 * A web build whose render bundle has React Router's shape (`prerender`, `entry.module.createRequestHandler`)
 * and renders what the load context's content source returns — the page title, the footer's description,
 * the packages — into its HTML, its <title>, its canonical link and an inline script, as the real one does.
 */
const RENDER_BUNDLE = `
globalThis.__sitePagesRendered = 0;
export const prerender = ['/', '/pricing', '/about'];
export const entry = { module: { createRequestHandler: () => async (request, context) => {
  globalThis.__sitePagesRendered++;
  const path = new URL(request.url).pathname;
  const content = context.publicContent;
  const footer = await content.footer();
  if (path.endsWith('.data')) return new Response(JSON.stringify({ footer: footer.description }), { headers: { 'content-type': 'text/x-script' } });
  const main = path === '/about' ? (await content.page('about')).title : path === '/pricing' ? (await content.packages()).map((p) => p.description).join(', ') : 'home';
  const html = '<!DOCTYPE html><html><head><title>' + main + '</title><link rel="canonical" href="https://sira.invalid' + path + '"/>' +
    '<link rel="modulepreload" href="/assets/a.js"/></head><body><main>' + main + '</main><footer>' + footer.description + '</footer>' +
    '<script>window.__data = ' + JSON.stringify(main) + ';</script></body></html>';
  return new Response(html, { headers: { 'content-type': 'text/html' } });
} } };
`;

function webBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sira-render-'));
  mkdirSync(join(dir, 'client'));
  mkdirSync(join(dir, 'render'));
  writeFileSync(join(dir, 'client', '__spa-fallback.html'), '<html><body>shell</body></html>');
  writeFileSync(join(dir, 'render', 'index.js'), RENDER_BUNDLE);
  return dir;
}

const rendered = () => (globalThis as { __sitePagesRendered?: number }).__sitePagesRendered ?? 0;
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

const build = webBuild();
const ctx = useTestApp(() => ({ clientDir: join(build, 'client') }));
let admin: { cookie: string };

beforeAll(async () => {
  admin = await signedInAdmin(ctx);
});
afterAll(() => rmSync(build, { recursive: true, force: true }));

const aboutId = async () => (await ctx.db.select().from(pages).where(eq(pages.slug, 'about')))[0]?.id as string;

describe('public pages rendered with the database content', () => {
  it('serve what the administrator saved, at once, with its canonical address and the hashes of its own scripts', async () => {
    const before = await ctx.app.inject('/about');
    expect(before.statusCode).toBe(200);
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/pages/${await aboutId()}`,
      headers: { cookie: admin.cookie },
      payload: { title: 'من نحن (Sira) اليوم', content: '<p>نص جديد</p>' },
    });
    expect(saved.statusCode).toBe(200);

    const after = await ctx.app.inject('/about');
    expect(after.body).toContain('<title>من نحن (Sira) اليوم</title>');
    expect(after.body).toContain(`<link rel="canonical" href="${TEST_BASE_URL}/about"/>`);
    expect(after.body).not.toContain('sira.invalid');
    expect(after.body).not.toContain('modulepreload');
    expect(after.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(String(after.headers['content-security-policy'])).toContain(sha256('window.__data = "من نحن (Sira) اليوم";'));
    expect(String(after.headers['content-security-policy'])).not.toContain("unsafe-inline'; script");
  });

  it('keep a rendered page until something public changes, then render every page again', async () => {
    await ctx.app.inject('/pricing');
    const count = rendered();
    const again = await ctx.app.inject('/pricing');
    expect(rendered()).toBe(count);
    expect(again.statusCode).toBe(200);

    const [trial] = await ctx.db.select().from(packages).where(eq(packages.price, 0));
    const patched = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/packages/${trial?.id}`,
      headers: { cookie: admin.cookie },
      payload: { description: 'باقة التجربة (Trial)' },
    });
    expect(patched.statusCode).toBe(200);
    expect((await ctx.app.inject('/pricing')).body).toContain('باقة التجربة (Trial)');
    expect(rendered()).toBe(count + 1);

    const footer = await ctx.app.inject({
      method: 'PUT',
      url: '/api/admin/footer/contact',
      headers: { cookie: admin.cookie },
      payload: {
        description: 'وصف التذييل الجديد',
        email: 'hello@sira.example',
        phone: '+966500000000',
        showContact: true,
        showEmail: true,
        showPhone: true,
        showSocial: true,
      },
    });
    expect(footer.json()).toMatchObject({ description: 'وصف التذييل الجديد' });
    for (const path of ['/', '/pricing', '/about']) expect((await ctx.app.inject(path)).body, path).toContain('وصف التذييل الجديد');
    // The client's navigation data is rendered the same way, never the build's file.
    expect((await ctx.app.inject('/pricing.data')).body).toContain('وصف التذييل الجديد');
  });

  it('answer a refused write without dropping anything', async () => {
    await ctx.app.inject('/about');
    const count = rendered();
    const refused = await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/pages/${await aboutId()}`,
      headers: { cookie: admin.cookie },
      payload: { title: '' },
    });
    expect(refused.statusCode).toBe(400);
    await ctx.app.inject('/about');
    expect(rendered()).toBe(count);
  });

  it('send a page asked for with a trailing slash to its one address', async () => {
    const res = await ctx.app.inject('/about/');
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/about');
  });
});

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(png: Buffer) {
  expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  expect(png.subarray(12, 16).toString('ascii')).toBe('IHDR');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

describe('Open Graph images', () => {
  it('are PNGs of 1200×630 drawn from the page’s title, redrawn when the title changes', async () => {
    const first = await ctx.app.inject('/og/about.png');
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/png');
    expect(pngSize(first.rawPayload)).toEqual({ width: 1200, height: 630 });
    const etag = String(first.headers.etag);
    const again = await ctx.app.inject({ url: '/og/about.png', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);

    const saved = await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/pages/${await aboutId()}`,
      headers: { cookie: admin.cookie },
      payload: { title: 'قصة سيرة', content: '<p>نص</p>' },
    });
    expect(saved.statusCode).toBe(200);
    const redrawn = await ctx.app.inject({ url: '/og/about.png', headers: { 'if-none-match': etag } });
    expect(redrawn.statusCode).toBe(200);
    expect(redrawn.headers.etag).not.toBe(etag);
    expect(pngSize(redrawn.rawPayload)).toEqual({ width: 1200, height: 630 });
    expect((await ctx.app.inject('/og/home.png')).statusCode).toBe(200);
    expect((await ctx.app.inject('/og/nowhere.png')).statusCode).toBe(404);
  });

  it('are drawn again only when the title changed, not on every save', async () => {
    const drawn: string[] = [];
    let title = 'من نحن &amp; فريقنا | سيرة';
    const events = createLocalEventBus();
    const publicPages = createPublicPages(
      {
        prerender: ['/about'],
        entry: {
          module: {
            createRequestHandler: () => async () =>
              new Response(`<html><head><meta property="og:title" content="${title}"/></head></html>`, {
                headers: { 'content-type': 'text/html' },
              }),
          },
        },
      },
      {
        db: ctx.db,
        events,
        publicBaseUrl: TEST_BASE_URL,
        images: {
          render: async (t) => {
            drawn.push(t);
            return new Uint8Array([drawn.length]);
          },
        },
      },
    );
    await publicPages.image('/about');
    events.publishSiteChange();
    await publicPages.image('/about');
    expect(drawn).toEqual(['من نحن & فريقنا | سيرة']);
    title = 'قصتنا | سيرة';
    events.publishSiteChange();
    expect(await publicPages.image('/about')).toEqual(new Uint8Array([2]));
    expect(drawn).toEqual(['من نحن & فريقنا | سيرة', 'قصتنا | سيرة']);
    publicPages.close();
  });
});

describe('a page rendered while the content changes', () => {
  it('is served to the requests that were waiting but not kept', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let renders = 0;
    const events = createLocalEventBus();
    const publicPages = createPublicPages(
      {
        prerender: ['/about'],
        entry: {
          module: {
            createRequestHandler: () => async () => {
              renders++;
              if (renders === 1) await gate;
              return new Response(`<html>${renders}</html>`, { headers: { 'content-type': 'text/html' } });
            },
          },
        },
      },
      { db: ctx.db, events, publicBaseUrl: TEST_BASE_URL },
    );
    const first = publicPages.render('/about');
    events.publishSiteChange();
    release();
    expect((await first).body).toBe('<html>1</html>');
    expect(publicPages.cachedCount()).toBe(0);
    expect((await publicPages.render('/about')).body).toBe('<html>2</html>');
    expect((await publicPages.render('/about')).body).toBe('<html>2</html>');
    expect(renders).toBe(2);
    publicPages.close();
  });
});

// Several web servers on one PostgreSQL: a save on one reaches the pages another has kept, through the database.
describe.runIf(process.env.SIRA_TEST_DB === 'postgres' && process.env.TEST_DATABASE_URL)('two servers on one database', () => {
  it('the second serves the new text within one second of a save on the first', async () => {
    const url = ctx.handle.url as string;
    const buses = [await createPostgresEventBus(url), await createPostgresEventBus(url)];
    const apps: FastifyInstance[] = [];
    try {
      for (const events of buses) {
        apps.push(
          await buildApp({
            env: parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
            db: ctx.db,
            dbKind: ctx.handle.kind,
            publicBaseUrl: TEST_BASE_URL,
            appSecret: TEST_APP_SECRET,
            clientDir: join(build, 'client'),
            events,
            logger: false,
          }),
        );
      }
      const [first, second] = apps as [FastifyInstance, FastifyInstance];
      expect((await second.inject('/about')).statusCode).toBe(200);
      const title = `من نحن ${Date.now()}`;
      const saved = await first.inject({
        method: 'PUT',
        url: `/api/admin/pages/${await aboutId()}`,
        headers: { cookie: admin.cookie },
        payload: { title, content: '<p>نص</p>' },
      });
      expect(saved.statusCode).toBe(200);
      const savedAt = Date.now();
      let body = '';
      while (Date.now() - savedAt < 1000 && !body.includes(title)) {
        body = (await second.inject('/about')).body;
        if (!body.includes(title)) await new Promise((r) => setTimeout(r, 20));
      }
      expect(body).toContain(`<title>${title}</title>`);
    } finally {
      for (const app of apps) await app.close();
      for (const bus of buses) await bus.close();
    }
  });
});
