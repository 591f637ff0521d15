import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { fillLogin, openAsAdmin, registerAndConfirm, signedInAs } from '../fixtures/accounts';
import { expectNoAxeViolations, screenshot, useBrowser, viewports } from '../fixtures/browser';
import { expectReadable } from '../fixtures/contrast';
import { uniqueEmail } from '../fixtures/outbox';

const browser = useBrowser();
async function fresh(viewport: { width: number; height: number } = viewports.desktop) {
  const opened = await browser.newPage(viewport);
  return opened;
}

type FooterContact = {
  description: string;
  email: string;
  phone: string;
  showContact: boolean;
  showEmail: boolean;
  showPhone: boolean;
  showSocial: boolean;
};

/** The footer's text and contact details as the footer tab holds them (an administrator's page). */
async function footerContact(admin: Page): Promise<FooterContact> {
  const response = await admin.request.get('/api/admin/footer');
  expect(response.status()).toBe(200);
  return (await response.json()).contact;
}

/** Saves the footer's contact details as the footer tab does. */
async function saveFooterContact(admin: Page, contact: FooterContact) {
  const origin = browser.baseUrl;
  const response = await admin.request.put('/api/admin/footer/contact', { headers: { origin }, data: contact });
  expect(response.status(), await response.text()).toBe(200);
}

const publicPages = ['/', '/pricing', '/about', '/support', '/privacy', '/terms', '/how-to-prepare-cv', '/jobs/riyadh', '/jobs/jeddah'];

describe('prerendered HTML', () => {
  it('carries each public page’s text, title, description, canonical and Open Graph tags before any script runs', async () => {
    for (const path of publicPages) {
      const res = await fetch(`${browser.baseUrl}${path}`);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toMatch(/<title>[^<]*[\u0600-\u06FF][^<]*<\/title>/);
      expect(html).toMatch(/<meta name="description" content="[^"]{50,}"/);
      expect(html).toContain(`<link rel="canonical" href="${browser.baseUrl}${path}"`);
      expect(html).toContain(`<meta property="og:url" content="${browser.baseUrl}${path}"`);
      expect(html).toContain('<meta property="og:title"');
      // A link preview's large card: the page's own image, drawn from its title.
      const image = `${browser.baseUrl}/og${path === '/' ? '/home' : path}.png`;
      expect(html).toContain(`<meta property="og:image" content="${image}"/>`);
      expect(html).toContain('<meta property="og:image:width" content="1200"/>');
      expect(html).toContain('<meta property="og:image:height" content="630"/>');
      expect(html).toContain('<meta name="twitter:card" content="summary_large_image"/>');
      const png = await fetch(image);
      expect(png.status, image).toBe(200);
      expect(png.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await png.arrayBuffer()).readUInt32BE(16), image).toBe(1200);
      expect(html).not.toContain('sira.invalid');
      // Real content, not an empty shell: the main heading is in the HTML.
      expect(html).toMatch(/<h1[^>]*>[^<]*[\u0600-\u06FF]/);
    }
    const home = await (await fetch(`${browser.baseUrl}/`)).text();
    expect(home).toContain('معظم عملائنا يتلقون ردوداً من الشركات خلال 48 ساعة');
    const pricing = await (await fetch(`${browser.baseUrl}/pricing`)).text();
    expect(pricing).toContain('باقة المحترف');
    expect(pricing).toContain('ريال');
  });

  it('serves robots.txt and sitemap.xml as files', async () => {
    const robots = await fetch(`${browser.baseUrl}/robots.txt`);
    expect(robots.headers.get('content-type')).toContain('text/plain');
    const sitemap = await fetch(`${browser.baseUrl}/sitemap.xml`);
    expect(sitemap.headers.get('content-type')).toContain('xml');
    expect(await sitemap.text()).toContain(`${browser.baseUrl}/jobs/riyadh`);
  });
});

describe('landing', () => {
  it('shows the counters, reasons, testimonials and steps, and starts at /register when signed out', async () => {
    const { page, consoleErrors } = await fresh();
    await page.goto('/');
    await page.getByRole('heading', { name: 'ماذا يقول عملاؤنا' }).waitFor();
    expect(await page.getByRole('img', { name: 'تقييم 5 من 5' }).count()).toBe(3);
    expect(await page.locator('#how-title + * li, ol li').count()).toBeGreaterThanOrEqual(3);
    // The count-up ends on the spec's numbers.
    await page.getByText('+5,000').first().scrollIntoViewIfNeeded();
    await expect.poll(() => page.getByText('+5,000').count(), { timeout: 5000 }).toBeGreaterThan(0);
    expect(await page.getByText('+1,000').count()).toBeGreaterThan(0);
    expect(await page.getByText('+200').count()).toBeGreaterThan(0);
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'ابدأ الآن' }).first().click();
    await page.waitForURL('**/register');
    expect(consoleErrors).toEqual([]);
  });

  it('starts at /dashboard when signed in, and links to pricing', async () => {
    const { page } = await fresh();
    await signedInAs(page, 'landing');
    await page.goto('/');
    // The static landing page learns the session after load: the header turns to the signed-in links.
    await page.locator('header').getByRole('link', { name: 'لوحة التحكم' }).waitFor();
    expect(await page.locator('header').getByRole('link', { name: 'تسجيل الدخول' }).count()).toBe(0);
    await page.getByRole('link', { name: 'ابدأ الآن' }).first().click();
    await page.waitForURL('**/dashboard');
    await page.goto('/');
    await page.getByRole('link', { name: 'شاهد الباقات والأسعار' }).click();
    await page.waitForURL('**/pricing');
  });

  it('is plain HTML: the landing and city pages load one small script and no React, and sign-out works there', async () => {
    const { page } = await fresh();
    await signedInAs(page, 'static-landing');
    for (const path of ['/', '/jobs/riyadh', '/jobs/jeddah']) {
      const scripts: string[] = [];
      page.on('request', (r) => {
        if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
      });
      await page.goto(path);
      await page.locator('footer a[href="/privacy"]').first().waitFor();
      await page.locator('header').getByRole('button', { name: 'تسجيل الخروج' }).waitFor();
      expect(scripts).toEqual(['/static-page.js']);
      page.removeAllListeners('request');
    }
    await page.locator('header').getByRole('button', { name: 'تسجيل الخروج' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.locator('header').getByRole('link', { name: 'تسجيل الدخول' }).waitFor();
    // A client-side visit to the landing page (from a hydrated page) renders it with React as before.
    await page.goto('/about');
    await page.locator('header').getByRole('link', { name: 'سيرة - الرئيسية' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { name: 'ماذا يقول عملاؤنا' }).waitFor();
    await expect.poll(() => page.getByText('+5,000').count(), { timeout: 5000 }).toBeGreaterThan(0);
  });

  it('shows final numbers at once with reduced motion', async () => {
    const opened = await browser.newPage();
    await opened.page.emulateMedia({ reducedMotion: 'reduce' });
    await opened.page.goto('/');
    await opened.page.getByText('+5,000').first().waitFor({ timeout: 1000 });
  });
});

describe('pricing', () => {
  it('lists packages by price; free goes to /register when signed out; a paid choice is remembered across sign-in', async () => {
    const { page } = await fresh();
    const email = uniqueEmail('pricing');
    await registerAndConfirm(page, email, 'secret1');
    await page.goto('/login');
    await page.getByRole('button', { name: 'دخول' }).waitFor();
    await page.goto('/pricing');
    const names = await page.locator('h2').allTextContents();
    expect(names.slice(0, 5)).toEqual(['تجريبي', 'باقة نمو', 'باقة البداية', 'باقة المحترف', 'باقة التميز']);
    // The stored 26.36 % discount reads as a whole percent.
    expect(await page.getByText('خصم 26%', { exact: true }).count()).toBeGreaterThan(0);
    await expectNoAxeViolations(page);
    await screenshot(page, 'pricing-desktop');

    await page.locator('.mantine-Card-root', { hasText: 'تجريبي' }).getByRole('button').click();
    await page.waitForURL('**/register');

    await page.goto('/pricing');
    await page.locator('.mantine-Card-root', { hasText: 'باقة المحترف' }).getByRole('button').click();
    await page.waitForURL('**/login?from=%2Fpricing');
    await fillLogin(page, email, 'secret1');
    await page.waitForURL('**/pricing');
    const dialog = page.getByRole('dialog', { name: 'الدفع مقابل باقة المحترف' });
    await dialog.waitFor();
    expect(await dialog.getByText('150').count()).toBeGreaterThan(0);
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'إلغاء' }).first().click();
    await dialog.waitFor({ state: 'hidden' });
    // Remembered once: a reload does not open it again.
    await page.reload();
    await page.locator('h2', { hasText: 'باقة نمو' }).waitFor();
    await page.waitForTimeout(500);
    expect(await page.getByRole('dialog').count()).toBe(0);

    await page.locator('.mantine-Card-root', { hasText: 'تجريبي' }).getByRole('button').click();
    await page.locator('.mantine-Notification-root', { hasText: 'أنت بالفعل تستخدم الباقة التجريبية' }).waitFor();
    await page.locator('.mantine-Card-root', { hasText: 'باقة نمو' }).getByRole('button').click();
    await page.getByRole('dialog', { name: 'الدفع مقابل باقة نمو' }).waitFor();
  });

  it('comes whole in the HTML to a visitor without a session: no package request, nothing loading', async () => {
    const { page } = await fresh();
    const packageRequests: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/packages') packageRequests.push(r.url());
    });
    const html = await (await page.request.get('/pricing')).text();
    for (const name of ['تجريبي', 'باقة نمو', 'باقة البداية', 'باقة المحترف', 'باقة التميز']) expect(html).toContain(name);
    expect(html).not.toContain('aria-busy="true"');
    await page.goto('/pricing');
    await page.locator('h2', { hasText: 'باقة التميز' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(packageRequests).toEqual([]);
    expect(await page.getByText('فشل في جلب بيانات الباقات').count()).toBe(0);
  });

  // A signed-in visitor gets the page hydrated, and it asks the server for the live packages: that request
  // can fail or come back empty.
  it('shows the load error with a retry button to a signed-in user, and recovers', async () => {
    const { page } = await fresh();
    await signedInAs(page, 'pricing-error');
    let fail = true;
    await page.route('**/api/packages', (route) =>
      fail ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"code":"INTERNAL"}' }) : route.continue(),
    );
    await page.goto('/pricing');
    await page.getByText('فشل في جلب بيانات الباقات').first().waitFor({ timeout: 15_000 });
    fail = false;
    await page.getByRole('button', { name: 'إعادة المحاولة' }).click();
    await page.locator('h2', { hasText: 'باقة التميز' }).waitFor();
    await page.getByText('فشل في جلب بيانات الباقات').first().waitFor({ state: 'hidden' });
  });

  it('shows the empty state with a retry button to a signed-in user', async () => {
    const { page } = await fresh();
    await signedInAs(page, 'pricing-empty');
    await page.route('**/api/packages', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '[]' }));
    await page.goto('/pricing');
    await page.getByText('لم يتم العثور على باقات').waitFor({ timeout: 15_000 });
    expect(await page.getByRole('button', { name: 'إعادة المحاولة' }).count()).toBe(1);
    await expectReadable(page);
    await expectNoAxeViolations(page);
  });
});

describe('readable controls', () => {
  it('every button, link, alert and badge of every public page reads at WCAG AA contrast, on a desktop and a phone (menu open)', {
    timeout: 120_000,
  }, async () => {
    for (const viewport of [viewports.desktop, viewports.phone]) {
      const { page } = await fresh(viewport);
      for (const path of publicPages) {
        await page.goto(path);
        // The footer's links come from the server: once they show, the page is whole (static pages included).
        await page.locator('footer a[href="/privacy"]').first().waitFor();
        await expectReadable(page);
        if (viewport === viewports.phone) {
          // A click before the page's script (or React) has taken the burger over opens nothing: click again.
          const menuLink = page.locator('#mobile-menu').getByRole('link', { name: 'الأسعار' });
          await expect
            .poll(
              async () => {
                if (!(await menuLink.isVisible())) await page.getByRole('button', { name: 'القائمة' }).click();
                return menuLink.isVisible();
              },
              { timeout: 30_000, interval: 1_000 },
            )
            .toBe(true);
          await expectReadable(page);
        }
      }
      await page.goto('/how-to-prepare-cv');
      await page.locator('article nav').scrollIntoViewIfNeeded();
      await screenshot(page, `guide-links-${viewport === viewports.phone ? 'phone' : 'desktop'}`, { fullPage: false });
    }
  });
});

describe('content and job pages', () => {
  it('renders each content page from the server with no violations', async () => {
    const { page, consoleErrors } = await fresh();
    for (const slug of ['about', 'support', 'privacy', 'terms', 'how-to-prepare-cv']) {
      await page.goto(`/${slug}`);
      await page.locator('article h1').waitFor();
      await expectNoAxeViolations(page);
    }
    expect(consoleErrors).toEqual([]);
  });

  it('job pages: a phone link with the number entered in the footer tab, none without one, also from the guide’s links', async () => {
    // The footer is in the server's HTML: the number is changed where an administrator changes it.
    const admin = await openAsAdmin(browser);
    const original = await footerContact(admin.page);
    const { page } = await fresh();
    const phone = page.locator('main a[data-contact-phone]');
    try {
      await saveFooterContact(admin.page, { ...original, phone: '' });
      await page.goto('/jobs/riyadh');
      await page.locator('footer a[href="/privacy"]').first().waitFor();
      expect(await phone.isVisible()).toBe(false);
      await saveFooterContact(admin.page, { ...original, phone: '+966500000000', showContact: true, showPhone: true });
      // In the HTML as served, before any script runs.
      expect(await (await page.request.get('/jobs/riyadh')).text()).toContain('href="tel:+966500000000"');
      await page.goto('/jobs/riyadh');
      await phone.waitFor();
      expect(await phone.getAttribute('href')).toBe('tel:+966500000000');
      // biome-ignore lint/performance/useDomNodeTextContent: a Playwright locator; the check is on the text as shown
      expect(await phone.innerText()).toContain('+966500000000');
      await phone.scrollIntoViewIfNeeded();
      await screenshot(page, 'jobs-contact-phone');
      // The same page reached from the CV guide's links.
      await page.goto('/how-to-prepare-cv');
      await page.getByRole('button', { name: 'شارك الدليل' }).and(page.locator(':enabled')).waitFor();
      await page.locator('article a[href="/jobs/jeddah"]').first().click();
      await page.waitForURL('**/jobs/jeddah');
      await phone.waitFor();
      expect(await phone.getAttribute('href')).toBe('tel:+966500000000');
      await expectNoAxeViolations(page);
    } finally {
      await saveFooterContact(admin.page, original);
      await admin.page.close();
    }
  });

  it('shares the CV guide by copying the link when Web Share is missing', async () => {
    const { page, context: ctx } = await fresh();
    await ctx.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/how-to-prepare-cv');
    for (const href of ['/jobs/jeddah', '/jobs/riyadh', '/register', '/pricing']) {
      expect(await page.locator(`article a[href="${href}"]`).count()).toBeGreaterThan(0);
    }
    // The page is served as HTML without React, its share button disabled until the page's script has taken it over.
    const html = await (await page.request.get('/how-to-prepare-cv')).text();
    expect(html).toMatch(/<button[^>]*\sdisabled=""[^>]*>(?:(?!<\/button>).)*شارك الدليل/s);
    const share = page.getByRole('button', { name: 'شارك الدليل' });
    await share.and(page.locator(':enabled')).waitFor();
    await page.evaluate(() => {
      Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });
    });
    await page.bringToFront();
    await share.click();
    await page.getByText('تم نسخ رابط الصفحة').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${browser.baseUrl}/how-to-prepare-cv`);
  });

  it('serves JobPosting data in the HTML that meets Google’s rules for every field it has, on both job pages', async () => {
    const employmentTypes = ['FULL_TIME', 'PART_TIME', 'CONTRACTOR', 'TEMPORARY', 'INTERN', 'VOLUNTEER', 'PER_DIEM', 'OTHER'];
    const isoDate = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/;
    for (const city of ['riyadh', 'jeddah']) {
      const path = `/jobs/${city}`;
      // What a crawler reads: the served HTML, no script run.
      const html = await (await fetch(`${browser.baseUrl}${path}`)).text();
      const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1] ?? ''));
      const postings = blocks.filter((b) => b['@type'] === 'JobPosting');
      expect(postings, path).toHaveLength(1);
      const data = postings[0];
      expect(data['@context']).toBe('https://schema.org');
      // Required: title (the job, no markup), description (HTML allowed), datePosted, hiringOrganization, jobLocation.
      expect(data.title).toMatch(/[\u0600-\u06FF]/);
      expect(data.title).not.toMatch(/[<>]/);
      expect(data.title.length).toBeLessThanOrEqual(100);
      expect(data.description.replace(/<[^>]+>/g, '').trim().length).toBeGreaterThan(50);
      expect(data.datePosted).toMatch(isoDate);
      expect(Date.parse(data.datePosted)).toBeLessThanOrEqual(Date.now());
      expect(data.hiringOrganization['@type']).toBe('Organization');
      expect(data.hiringOrganization.name).toBeTruthy();
      for (const key of ['sameAs', 'url']) if (key in data.hiringOrganization) expect(data.hiringOrganization[key]).toBe(browser.baseUrl);
      expect(data.jobLocation['@type']).toBe('Place');
      const address = data.jobLocation.address;
      expect(address['@type']).toBe('PostalAddress');
      expect(address.addressCountry).toMatch(/^[A-Z]{2}$/);
      expect(address.addressLocality).toBeTruthy();
      if ('addressRegion' in address) expect(address.addressRegion).toBeTruthy();
      // Recommended, checked when present: a posting still open, a known employment type, its own address.
      if ('validThrough' in data) {
        expect(data.validThrough).toMatch(isoDate);
        expect(Date.parse(data.validThrough)).toBeGreaterThan(Date.now());
      }
      if ('employmentType' in data) {
        for (const type of [data.employmentType].flat()) expect(employmentTypes).toContain(type);
      }
      if ('directApply' in data) expect(typeof data.directApply).toBe('boolean');
      if ('identifier' in data) {
        expect(data.identifier['@type']).toBe('PropertyValue');
        expect(data.identifier.value).toBeTruthy();
      }
      if ('url' in data) expect(data.url).toBe(`${browser.baseUrl}${path}`);
      // No property Google's JobPosting does not know.
      const known = [
        '@context',
        '@type',
        'title',
        'description',
        'datePosted',
        'validThrough',
        'employmentType',
        'hiringOrganization',
        'jobLocation',
        'jobLocationType',
        'applicantLocationRequirements',
        'baseSalary',
        'directApply',
        'identifier',
        'url',
        'educationRequirements',
        'experienceRequirements',
      ];
      expect(
        Object.keys(data).filter((k) => !known.includes(k)),
        path,
      ).toEqual([]);
    }
  });

  it('publishes valid JobPosting data valid for one year on both job pages', async () => {
    const { page } = await fresh();
    for (const city of ['riyadh', 'jeddah']) {
      await page.goto(`/jobs/${city}`);
      const raw = await page.locator('script[type="application/ld+json"]').first().textContent();
      const data = JSON.parse(raw ?? '{}');
      expect(data['@type']).toBe('JobPosting');
      for (const key of ['title', 'description', 'datePosted', 'validThrough', 'hiringOrganization', 'jobLocation'])
        expect(data[key]).toBeTruthy();
      expect(data.jobLocation.address.addressCountry).toBe('SA');
      const days = (Date.parse(data.validThrough) - Date.parse(data.datePosted)) / 86_400_000;
      expect(days).toBeGreaterThanOrEqual(364);
      expect(days).toBeLessThanOrEqual(367);
      // The phone links (the contact block's and the footer's) come with the footer's data.
      await page.locator('footer a[href="/privacy"]').first().waitFor();
      expect(await page.locator('a[href^="tel:"]').count()).toBeGreaterThan(0);
      for (const href of ['/register', '/pricing', '/support'])
        expect(await page.locator(`main a[href="${href}"]`).count()).toBeGreaterThan(0);
      await expectNoAxeViolations(page);
    }
    await screenshot(page, 'jobs-jeddah');
  });
});
