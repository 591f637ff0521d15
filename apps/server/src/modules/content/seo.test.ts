import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test-support/app';
import { pages } from '../../db/schema';

const ctx = useTestApp();

describe('robots.txt and sitemap.xml', () => {
  it('are real files for the deployment address, not the app page', async () => {
    const robots = await ctx.app.inject('/robots.txt');
    expect(robots.headers['content-type']).toContain('text/plain');
    expect(robots.body).toContain('Sitemap: http://localhost:3000/sitemap.xml');
    expect(robots.body).toContain('Disallow: /admin');
    const sitemap = await ctx.app.inject('/sitemap.xml');
    expect(sitemap.headers['content-type']).toContain('application/xml');
    for (const path of [
      '/',
      '/pricing',
      '/jobs/riyadh',
      '/jobs/jeddah',
      '/about',
      '/support',
      '/privacy',
      '/terms',
      '/how-to-prepare-cv',
    ]) {
      expect(sitemap.body).toContain(`<loc>http://localhost:3000${path}</loc>`);
    }
    expect(sitemap.body).not.toContain('/dashboard');
  });
});

describe('content pages are sanitised on the server', () => {
  it('strips scripts, event handlers and javascript: URLs even from a row written behind the app', async () => {
    const payload =
      '<h2>عنوان</h2><script>window.pwned=1</script><img src="x" onerror="window.pwned=2"><a href="javascript:alert(1)">رابط</a><p onclick="x()">نص</p><a href="/pricing" target="_blank">الأسعار</a>';
    await ctx.db.update(pages).set({ content: payload }).where(eq(pages.slug, 'about'));
    const page = (await ctx.app.inject('/api/content/pages/about')).json();
    expect(page.content).toContain('<h2>عنوان</h2>');
    expect(page.content).not.toMatch(/<script|onerror|onclick|javascript:/i);
    expect(page.content).toContain('rel="noopener noreferrer"');
  });
});
