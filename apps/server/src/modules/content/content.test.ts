import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test-support/app';
import { footerLinks, footerSections, settings } from '../../db/schema';
import { writeSetting } from '../../lib/settings';

const ctx = useTestApp();

describe('GET /api/content/footer', () => {
  it('returns the description, contact, social links and the sections with links in order', async () => {
    const res = await ctx.app.inject('/api/content/footer');
    expect(res.statusCode).toBe(200);
    const footer = res.json();
    expect(footer.description).toMatch(/[\u0600-\u06FF]/);
    expect(footer.contact.email).toBe('support@sira.example');
    expect(footer.social.map((s: { network: string }) => s.network)).toEqual(['facebook', 'twitter', 'instagram', 'linkedin']);
    expect(footer.sections.length).toBeGreaterThan(0);
    const orders = footer.sections.map((s: { order: number }) => s.order);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    for (const section of footer.sections) {
      const linkOrders = section.links.map((l: { order: number }) => l.order);
      expect(linkOrders).toEqual([...linkOrders].sort((a, b) => a - b));
    }
  });

  it('honours footer_settings: hidden contact, e-mail, phone and social are not sent at all', async () => {
    await writeSetting(ctx.db, 'footer_settings', { show_contact: true, show_social: false, show_email: false, show_phone: true });
    let footer = (await ctx.app.inject('/api/content/footer')).json();
    expect(footer.contact).toEqual({ email: null, phone: '+966110000000' });
    expect(footer.social).toEqual([]);
    await writeSetting(ctx.db, 'footer_settings', { show_contact: false, show_social: true, show_email: true, show_phone: true });
    footer = (await ctx.app.inject('/api/content/footer')).json();
    expect(footer.contact).toEqual({ email: null, phone: null });
    await writeSetting(ctx.db, 'footer_settings', { show_contact: true, show_social: true, show_email: true, show_phone: true });
  });

  it('puts a new link in its section at its order', async () => {
    const [section] = await ctx.db.insert(footerSections).values({ title: 'قسم الاختبار', order: 99 }).returning();
    if (!section) throw new Error('insert failed');
    await ctx.db.insert(footerLinks).values([
      { title: 'ثانٍ', url: 'https://example.com', icon: 'link', order: 2, sectionId: section.id },
      { title: 'أول', url: '/about', order: 1, sectionId: section.id },
    ]);
    const footer = (await ctx.app.inject('/api/content/footer')).json();
    const last = footer.sections.at(-1);
    expect(last.title).toBe('قسم الاختبار');
    expect(last.links.map((l: { title: string; icon: string | null }) => [l.title, l.icon])).toEqual([
      ['أول', null],
      ['ثانٍ', 'link'],
    ]);
    await ctx.db.delete(footerSections).where(eq(footerSections.id, section.id));
  });

  it('works with no settings rows at all (everything shown, nothing to show)', async () => {
    await ctx.db.delete(settings).where(eq(settings.key, 'contact_info'));
    const footer = (await ctx.app.inject('/api/content/footer')).json();
    expect(footer.contact).toEqual({ email: null, phone: null });
  });
});

describe('GET /api/content/pages/:slug', () => {
  it('returns a page by slug', async () => {
    const res = await ctx.app.inject('/api/content/pages/privacy');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ slug: 'privacy', title: expect.stringMatching(/[\u0600-\u06FF]/) });
  });

  it('answers NOT_FOUND for an unknown slug', async () => {
    const res = await ctx.app.inject('/api/content/pages/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NOT_FOUND' });
  });
});
