import { describe, expect, it } from 'vitest';
import { signedInAs } from '../fixtures/accounts';
import { expectNoAxeViolations, useBrowser, viewports } from '../fixtures/browser';

const browser = useBrowser();

describe('signed-in pages drawn by the server', () => {
  it('arrive with the first screen in the HTML, ask the API for nothing more, and hydrate without an error', async () => {
    // A phone in Riyadh: the server's clock runs in UTC, and the page must read the same after React takes it over.
    const { page, consoleErrors } = await browser.newPage(viewports.phone, { timezoneId: 'Asia/Riyadh' });
    const { email } = await signedInAs(page, 'first-screen');

    for (const [path, heading] of [
      ['/dashboard', 'لوحة التحكم'],
      ['/send-resume', 'إرسال السيرة الذاتية'],
      ['/my-data', 'بياناتي'],
      ['/my-companies', 'شركاتي'],
      ['/apply', 'التقديم على إعلان وظيفة'],
    ] as const) {
      // The HTML itself, before any script: the page's heading and the user's own address are in it.
      const html = await (await page.request.get(path)).text();
      expect(html).toContain(heading);
      if (path === '/dashboard' || path === '/my-data') expect(html).toContain(email);

      const asked: string[] = [];
      const listen = (request: { url(): string }) => {
        const url = new URL(request.url());
        if (url.pathname.startsWith('/api/') && url.pathname !== '/api/events') asked.push(url.pathname + url.search);
      };
      page.on('request', listen);
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      // React has taken the page over (it marks the elements it hydrated) and run the effects that would fetch …
      await page.waitForFunction(() => {
        const heading = document.querySelector('h1');
        return heading !== null && Object.keys(heading).some((key) => key.startsWith('__reactProps'));
      });
      await page.evaluate(() => new Promise((done) => setTimeout(done, 500)));
      page.off('request', listen);
      // … and drew the page from the answers that came with it.
      expect(asked).toEqual([]);
      await expectNoAxeViolations(page);
    }
    expect(consoleErrors).toEqual([]);
  });

  it('sends a visitor without a session to /login and back afterwards', async () => {
    const { page } = await browser.newPage(viewports.desktop);
    await page.goto('/dashboard');
    await page.waitForURL('**/login?from=%2Fdashboard');
  });
});
