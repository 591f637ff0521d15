import { describe, expect, inject, it } from 'vitest';
import { field, signInAsAdmin } from '../fixtures/accounts';
import { expectNoAxeViolations, screenshot, useBrowser } from '../fixtures/browser';
import { companiesTimeout, openCompaniesTab, rowOf, rows, seen, table } from './companies-helpers';

const browser = useBrowser();

describe('admin companies tab', companiesTimeout, () => {
  it('pages through the directory with the spec texts and no accessibility violation', async () => {
    const { page, consoleErrors } = await openCompaniesTab(browser);
    await table(page).waitFor();
    // A page fits a screen by default: 25 rows, so the tab's other sections are not 50,000 px further down.
    await seen(page, /^عرض 1 إلى 25 من \d+$/);
    const total = Number((await page.getByText(/^عرض 1 إلى 25 من \d+$/).textContent())?.split(' ').pop());
    const pages = Math.ceil(total / 25);
    await seen(page, `صفحة 1 من ${pages}`);
    expect(await table(page).getAttribute('aria-rowcount')).toBe('26');
    const directory = await page.locator('section[aria-labelledby="admin-companies-title"]').boundingBox();
    expect(directory?.height ?? Number.POSITIVE_INFINITY).toBeLessThan(3000);

    // Each section is one link away from the top of the tab, and takes the focus.
    const sections = page.getByRole('navigation', { name: 'أقسام تبويب الشركات' });
    for (const [link, heading] of [
      ['الرسائل الفاشلة', 'failed-emails-title'],
      ['عناوين لا يُرسل إليها أحد', 'opt-out-marks-title'],
      ['طلبات الشركات', 'opt-out-requests-title'],
      ['دليل الشركات', 'admin-companies-title'],
    ]) {
      await sections.getByRole('link', { name: link, exact: true }).click();
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe(heading);
      const box = await page.locator(`#${heading}`).boundingBox();
      expect(box && box.y >= -1 && box.y < (page.viewportSize()?.height ?? 0)).toBe(true);
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectNoAxeViolations(page);
    await screenshot(page, 'admin-companies');

    // The administrator may choose 1,000 rows a page: only those near the screen are rendered, all of them
    // counted for assistive technology, and the choice is kept.
    await page.getByLabel('عدد الصفوف في الصفحة').first().selectOption('1000');
    await seen(page, /^عرض 1 إلى 1000 من \d+$/);
    expect(await table(page).getAttribute('aria-rowcount')).toBe('1001');
    expect(await rows(page).count()).toBeLessThan(100);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight / 2));
    await expect.poll(() => rows(page).first().getByRole('cell').first().textContent()).not.toBe('1');
    await page.reload();
    await seen(page, /^عرض 1 إلى 1000 من \d+$/);
    await page.getByLabel('عدد الصفوف في الصفحة').first().selectOption('25');
    await seen(page, /^عرض 1 إلى 25 من \d+$/);

    // An edit left open on page 1 ends with the page: page 2's rows can be edited and deleted.
    await rows(page)
      .first()
      .getByRole('button', { name: /^تعديل / })
      .click();
    await rows(page).first().getByRole('button', { name: 'إلغاء' }).waitFor();
    expect(await page.getByRole('button', { name: /^حذف / }).first().isDisabled()).toBe(true);
    await page
      .getByRole('navigation', { name: 'صفحات الشركات', exact: true })
      .getByRole('button', { name: 'الصفحة التالية', exact: true })
      .click();
    await seen(page, `عرض 26 إلى ${Math.min(50, total)} من ${total}`);
    await seen(page, `صفحة 2 من ${pages}`);
    expect(await rows(page).first().getByRole('cell').first().textContent()).toBe('26');
    expect(
      await rows(page)
        .first()
        .getByRole('button', { name: /^تعديل / })
        .isEnabled(),
    ).toBe(true);
    expect(await rows(page).first().getByRole('button', { name: /^حذف / }).isEnabled()).toBe(true);
    expect(consoleErrors).toEqual([]);
  });

  it('wraps a long unbroken company name instead of pushing the other columns off the screen', async () => {
    const { page } = await openCompaniesTab(browser);
    const token = `long${Date.now()}`;
    const name = `${token}${'ش'.repeat(250)}`;
    const options = (await (await page.request.get('/api/admin/companies/packages')).json()) as Array<{ id: string }>;
    const added = await page.request.post('/api/admin/companies', {
      data: { name, email: `${token}@firm.example`, sector: 'تقنية', location: 'الرياض', packageId: options[0]?.id },
    });
    expect(added.status()).toBe(201);
    const search = page.getByLabel(field('بحث'));
    // An address typed into the search reads left to right as typed (long@, not @long); Arabic right to left.
    await search.fill('long@');
    expect(await search.evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
    await search.fill('شركة');
    expect(await search.evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
    await search.fill(token);
    const row = rowOf(page, `${token}@firm.example`);
    await row.waitFor();
    const scroller = await table(page).evaluate((t) => {
      const container = t.parentElement as HTMLElement;
      return { scrollWidth: container.scrollWidth, clientWidth: container.clientWidth };
    });
    expect(scroller.scrollWidth).toBeLessThanOrEqual(scroller.clientWidth + 1);
    const remove = await row.getByRole('button', { name: /^حذف / }).boundingBox();
    const viewport = page.viewportSize();
    expect(remove && viewport && remove.x >= 0 && remove.x + remove.width <= viewport.width).toBe(true);
    await screenshot(page, 'admin-companies-long-name');
  });

  it('shows the load errors with retry buttons, and recovers', async () => {
    const opened = await browser.newPage();
    const { page } = opened;
    let fail = true;
    await page.route(/\/api\/admin\/companies\?/, (route) =>
      fail ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"code":"INTERNAL"}' }) : route.continue(),
    );
    await page.route(/\/api\/admin\/sending\/failed-emails(\?|$)/, (route) =>
      fail ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"code":"INTERNAL"}' }) : route.continue(),
    );
    await signInAsAdmin(page, inject('adminEmail'), inject('adminPassword'));
    await page.goto('/admin/companies');
    await seen(page, /^خطأ في جلب البيانات: /);
    await seen(page, /^خطأ في جلب البريد الفاشل: /);
    fail = false;
    await page.getByRole('button', { name: 'إعادة المحاولة' }).first().click();
    await table(page).waitFor();
    await page.getByRole('button', { name: 'إعادة المحاولة' }).first().click();
    await page.getByText('لا توجد رسائل فاشلة.').waitFor();
  });
});
