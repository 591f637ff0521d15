import { ar } from '@sira/shared';
import { contract } from '@sira/shared/contract';
import { type AdminCompaniesPage, adminCompaniesPageSchema, companyPackageOptionListSchema } from '@sira/shared/schemas/companies-admin';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type ApiRequest, ok, on, refused, stubApi } from '~test/api';
import { renderInApp } from '~test/render';
import { AdminCompaniesDirectory } from './admin-companies-directory';

const PACKAGE_ID = '5f0c8a1e-2b3d-4c5e-8f6a-7b8c9d0e1f2a';
const TOTAL = 60;

const company = (n: number) => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  name: `شركة ${n}`,
  email: `hr${n}@firm.example`,
  sector: 'التقنية',
  location: 'الرياض',
  packageId: PACKAGE_ID,
  packageName: 'باقة نمو',
  hardFailures: 0,
  optedOut: false,
  updatedAt: '2026-11-20T09:30:00.000Z',
});

/**
 * A directory of 60 companies paged by key as the server pages it: the cursors here are plain names of the
 * page they lead to (the web never reads one, it only sends it back).
 */
function page(from: number, size: number, over: Partial<AdminCompaniesPage> = {}) {
  const to = Math.min(TOTAL, from + size - 1);
  return ok(adminCompaniesPageSchema, {
    items: Array.from({ length: to - from + 1 }, (_, i) => company(from + i)),
    pageSize: size,
    total: TOTAL,
    totalIsEstimate: false,
    from,
    fromIsEstimate: false,
    cursors: {
      previous: from > 1 ? `before-${from}` : null,
      next: to < TOTAL ? `after-${to}` : null,
      last: to < TOTAL ? 'last' : null,
      current: `from-${from}`,
    },
    ...over,
  });
}

function directory(answer: (request: ApiRequest) => ReturnType<typeof page> = pages) {
  return stubApi({
    [on(contract.companies.list)]: answer,
    [on(contract.companies.packages)]: ok(companyPackageOptionListSchema, [{ id: PACKAGE_ID, name: 'باقة نمو' }]),
  });
}

/** The answer for each cursor: after-N starts at N+1, before-N ends at N-1, last is the final page. */
function pages(request: ApiRequest) {
  const size = Number(request.query.get('pageSize'));
  const cursor = request.query.get('cursor') ?? '';
  const [, way, at] = /^(after|before|from)-(\d+)$/.exec(cursor) ?? [];
  if (cursor === 'last') return page(TOTAL - size + 1, size);
  if (way === 'after') return page(Number(at) + 1, size);
  if (way === 'before') return page(Math.max(1, Number(at) - size), size);
  if (way === 'from') return page(Number(at), size);
  return page(1, size);
}

const nav = () => within(screen.getAllByRole('navigation', { name: 'صفحات الشركات' })[0] as HTMLElement);
const button = (name: string) => nav().getByRole('button', { name }) as HTMLButtonElement;
const cursorsSent = (requests: ApiRequest[]) =>
  requests.filter((r) => r.path === contract.companies.list.path).map((r) => r.query.get('cursor'));

afterEach(() => localStorage.clear());

describe('admin: the company directory, paged by key', () => {
  it('goes to the next, last, previous and first pages by the cursors the server gave', async () => {
    const { requests } = directory();
    const app = renderInApp(<AdminCompaniesDirectory />, { path: '/admin/companies' });
    await screen.findByText('عرض 1 إلى 25 من 60');
    screen.getByText('صفحة 1 من 3');
    expect([button(ar.lists.first).disabled, button(ar.lists.previous).disabled]).toEqual([true, true]);
    expect([button(ar.lists.next).disabled, button(ar.lists.last).disabled]).toEqual([false, false]);

    await app.user.click(button(ar.lists.next));
    await screen.findByText('عرض 26 إلى 50 من 60');
    screen.getByText('صفحة 2 من 3');
    await app.user.click(button(ar.lists.last));
    await screen.findByText('عرض 36 إلى 60 من 60');
    expect([button(ar.lists.next).disabled, button(ar.lists.last).disabled]).toEqual([true, true]);
    await app.user.click(button(ar.lists.previous));
    await screen.findByText('عرض 11 إلى 35 من 60');
    await app.user.click(button(ar.lists.first));
    await screen.findByText('عرض 1 إلى 25 من 60');
    // The first page again (from the cache or asked anew): no cursor.
    expect(cursorsSent(requests).slice(0, 4)).toEqual([null, 'after-25', 'last', 'before-36']);
    expect(
      cursorsSent(requests)
        .slice(4)
        .every((cursor) => cursor === null),
    ).toBe(true);
  });

  it('keeps the top row when the page size changes, and starts a new search at the first page', async () => {
    const { requests } = directory();
    const app = renderInApp(<AdminCompaniesDirectory />, { path: '/admin/companies' });
    await screen.findByText('عرض 1 إلى 25 من 60');
    await app.user.click(button(ar.lists.next));
    await screen.findByText('عرض 26 إلى 50 من 60');
    await app.user.selectOptions(screen.getAllByLabelText('عدد الصفوف في الصفحة')[0] as HTMLElement, '50');
    await screen.findByText('عرض 26 إلى 60 من 60');
    const last = requests.at(-1);
    expect([last?.query.get('cursor'), last?.query.get('pageSize')]).toEqual(['from-26', '50']);

    await app.user.type(screen.getByRole('searchbox', { name: 'بحث' }), 'الأفق');
    await waitFor(() => expect(requests.at(-1)?.query.get('search')).toBe('الأفق'));
    expect(requests.at(-1)?.query.get('cursor')).toBeNull();
  });

  it('says «نحو» of an estimated count, and why', async () => {
    directory(() =>
      page(1, 25, {
        total: 1_000_000,
        totalIsEstimate: true,
        cursors: { previous: null, next: 'after-25', last: 'last', current: 'from-1' },
      }),
    );
    renderInApp(<AdminCompaniesDirectory />, { path: '/admin/companies' });
    await screen.findByText('عرض 1 إلى 25 من نحو 1000000');
    screen.getByText('صفحة 1 من نحو 40000');
    screen.getByText(ar.lists.estimated);
  });

  it('goes back to the first page when the server refuses the cursor', async () => {
    const { requests } = directory((request) =>
      request.query.get('cursor') === 'after-25' ? refused(400, 'CURSOR_INVALID') : pages(request),
    );
    const app = renderInApp(<AdminCompaniesDirectory />, { path: '/admin/companies' });
    await screen.findByText('عرض 1 إلى 25 من 60');
    await app.user.click(button(ar.lists.next));
    await waitFor(() => expect(cursorsSent(requests)).toContain('after-25'));
    await screen.findByText('عرض 1 إلى 25 من 60');
    expect(button(ar.lists.previous).disabled).toBe(true);
  });
});
