import { ar } from '@sira/shared';
import { contract } from '@sira/shared/contract';
import { auditAdminText as t } from '@sira/shared/messages/audit-admin';
import { type AuditEntry, auditPageSchema } from '@sira/shared/schemas/audit-admin';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, on, stubApi } from '~test/api';
import { renderInApp } from '~test/render';
import { AdminAuditPanel } from './admin-audit-panel';

const PACKAGE_ID = '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
const COMPANY_ID = '6f5e4d3c-2b1a-4f0e-9d8c-7b6a5f4e3d2c';

const priceChange: AuditEntry = {
  id: '0a0b0c0d-1e1f-4a2b-8c3d-4e5f6a7b8c9d',
  actorEmail: 'admin@sira.example',
  action: 'packages.update',
  entity: 'packages',
  entityId: PACKAGE_ID,
  before: { name: 'باقة المحترف', price: 100, messagesLimit: 50, highlighted: true },
  after: { name: 'باقة المحترف', price: 150, messagesLimit: 50, highlighted: false },
  createdAt: '2026-11-20T09:30:00.000Z',
};
const deletion: AuditEntry = {
  id: '1a1b1c1d-2e2f-4a3b-8c4d-5e6f7a8b9c0d',
  actorEmail: 'admin@sira.example',
  action: 'companies.delete',
  entity: 'companies',
  entityId: COMPANY_ID,
  before: { name: 'شركة الأفق', email: 'hr@ofuq.example', sector: 'تقنية' },
  after: null,
  createdAt: '2026-11-19T08:00:00.000Z',
};

function server(entries: AuditEntry[]) {
  return stubApi({
    [on(contract.audit.log)]: ok(auditPageSchema, {
      entries,
      pageSize: 25,
      total: entries.length,
      totalIsEstimate: false,
      from: 1,
      fromIsEstimate: false,
      cursors: { previous: null, next: null, last: null, current: 'from-first' },
      actors: ['admin@sira.example'],
      entities: ['packages', 'companies'],
    }),
  });
}

/** Opens the log on its one entry's details. */
async function openDetails() {
  const app = renderInApp(<AdminAuditPanel />, { path: '/admin/audit' });
  const table = await screen.findByRole('table', { name: t.tableLabel });
  await app.user.click(within(table).getByRole('button', { name: new RegExp(`^${t.showDetails}`) }));
  const dialog = await screen.findByRole('dialog', { name: t.detailsTitle });
  return { ...app, dialog: within(dialog) };
}

/** The dialog's fields as [label, before, after, changed] in the order shown. */
const fieldRows = (dialog: ReturnType<typeof within>) =>
  dialog
    .getAllByRole('row')
    .slice(1)
    .map((row: HTMLElement) => {
      const cells = within(row).getAllByRole('cell');
      const changed = row.getAttribute('data-changed') === 'true';
      const label = (cells[0]?.textContent ?? '').replace(t.changed, '');
      return [label, cells[1]?.textContent, cells[2]?.textContent, changed];
    });

describe('admin: the audit log', () => {
  it('names the item in the list and what an update changed, before → after', async () => {
    server([priceChange, deletion]);
    renderInApp(<AdminAuditPanel />, { path: '/admin/audit' });
    const table = within(await screen.findByRole('table', { name: t.tableLabel }));
    const [update, removal] = table.getAllByRole('row').slice(1);
    if (!update || !removal) throw new Error('two rows expected');
    expect(within(update).getByText('باقة المحترف')).toBeTruthy();
    expect(update.textContent).toContain('باقة: باقة المحترف');
    expect(update.textContent).toContain('تعديل');
    expect(within(update).getByText(t.change('السعر', '100', '150'))).toBeTruthy();
    expect(within(update).getByText(t.change('مميزة', 'نعم', 'لا'))).toBeTruthy();
    // A deletion names what went, by its name as it was.
    expect(removal.textContent).toContain('شركة: شركة الأفق');
  });

  it('shows each field of an update under its Arabic label, before and after, the changed ones marked', async () => {
    server([priceChange]);
    const app = await openDetails();
    expect(app.dialog.getByText('admin@sira.example')).toBeTruthy();
    expect(app.dialog.getByText('باقة المحترف', { selector: 'bdi' })).toBeTruthy();
    expect(fieldRows(app.dialog)).toEqual([
      ['الاسم', 'باقة المحترف', 'باقة المحترف', false],
      ['السعر', '100', '150', true],
      ['عدد الرسائل', '50', '50', false],
      ['مميزة', 'نعم', 'لا', true],
    ]);
    expect(app.dialog.getAllByText(t.changed)).toHaveLength(2);
  });

  it('shows a deleted item as it was, with nothing after', async () => {
    server([deletion]);
    const app = await openDetails();
    expect(app.dialog.getByText('شركة الأفق', { selector: 'bdi' })).toBeTruthy();
    expect(fieldRows(app.dialog)).toEqual([
      ['الاسم', 'شركة الأفق', t.nothing, false],
      ['البريد الإلكتروني', 'hr@ofuq.example', t.nothing, false],
      ['القطاع', 'تقنية', t.nothing, false],
    ]);
  });

  it('filters on the server by action and days, and clears the filters', async () => {
    const { requests } = server([priceChange, deletion]);
    const { user } = renderInApp(<AdminAuditPanel />, { path: '/admin/audit' });
    await screen.findByRole('table', { name: t.tableLabel });
    const filters = within(screen.getByRole('search', { name: t.filters }));
    await user.click(filters.getByRole('combobox', { name: t.action }));
    await user.click(screen.getByRole('option', { name: 'حذف' }));
    await waitFor(() => expect(requests.at(-1)?.query.get('action')).toBe('delete'));
    fireEvent.change(filters.getByLabelText(t.fromDate), { target: { value: '2026-11-01' } });
    fireEvent.change(filters.getByLabelText(t.toDate), { target: { value: '2026-11-30' } });
    // The days are the browser's own: the last one counts whole.
    await waitFor(() => expect(requests.at(-1)?.query.get('to')).toBe(new Date(2026, 11, 1).toISOString()));
    expect(requests.at(-1)?.query.get('from')).toBe(new Date(2026, 10, 1).toISOString());
    // A new filter starts at the newest entries: no cursor.
    expect(requests.at(-1)?.query.get('cursor')).toBeNull();

    await user.click(filters.getByRole('button', { name: t.clearFilters }));
    expect((filters.getByRole('combobox', { name: t.action }) as HTMLInputElement).value).toBe('');
    expect((filters.getByLabelText(t.fromDate) as HTMLInputElement).value).toBe('');
    expect((filters.getByRole('button', { name: t.clearFilters }) as HTMLButtonElement).disabled).toBe(true);
    // The unfiltered log again, as first loaded.
    expect(within(screen.getByRole('table', { name: t.tableLabel })).getAllByRole('row')).toHaveLength(3);
  });

  it('pages by the cursors the server gave, and says «نحو» of an estimated count', async () => {
    const answer = (cursor: string | null) =>
      ok(auditPageSchema, {
        entries: [cursor ? deletion : priceChange],
        pageSize: 25,
        total: 1_000_000,
        totalIsEstimate: true,
        from: cursor === 'older' ? 26 : 1,
        fromIsEstimate: false,
        cursors: { previous: cursor ? 'newer' : null, next: 'older', last: 'oldest', current: 'here' },
        actors: ['admin@sira.example'],
        entities: ['packages', 'companies'],
      });
    const { requests } = stubApi({ [on(contract.audit.log)]: (request) => answer(request.query.get('cursor')) });
    const { user } = renderInApp(<AdminAuditPanel />, { path: '/admin/audit' });
    await screen.findByText('عرض 1 إلى 1 من نحو 1,000,000 · صفحة 1 من نحو 40,000');
    screen.getByText(ar.lists.estimated);
    const nav = within(screen.getByRole('navigation', { name: t.pagination }));
    expect((nav.getByRole('button', { name: ar.lists.previous }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(nav.getByRole('button', { name: ar.lists.next }));
    await screen.findByText('عرض 26 إلى 26 من نحو 1,000,000 · صفحة 2 من نحو 40,000');
    expect(requests.at(-1)?.query.get('cursor')).toBe('older');
    await user.click(nav.getByRole('button', { name: ar.lists.last }));
    await waitFor(() => expect(requests.at(-1)?.query.get('cursor')).toBe('oldest'));
  });

  it('shows the id of an item that names nothing', async () => {
    const unnamed: AuditEntry = { ...priceChange, before: { price: 100 }, after: { price: 120 } };
    server([unnamed]);
    const app = await openDetails();
    const id = app.dialog.getByText(PACKAGE_ID);
    expect(id.getAttribute('title')).toBe(t.unnamedItem);
    expect(id.getAttribute('dir')).toBe('ltr');
  });
});
