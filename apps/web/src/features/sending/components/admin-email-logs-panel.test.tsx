import { ar } from '@sira/shared';
import { contract } from '@sira/shared/contract';
import { sendingLogsText as t } from '@sira/shared/messages/sending-admin';
import { type SendingLogRow, sendingLogPageSchema } from '@sira/shared/schemas/sending-admin';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, on, refused, stubApi } from '~test/api';
import { renderInApp } from '~test/render';
import { AdminEmailLogsPanel } from './admin-email-logs-panel';

const job = (n: number): SendingLogRow => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  userEmail: `seeker${n}@sira.example`,
  packageName: 'تجريبي',
  subject: `طلب ${n}`,
  status: 'completed',
  sent: 10,
  failed: 0,
  total: 10,
  createdAt: '2026-11-20T09:30:00.000Z',
});

/** 120 jobs: the newest page (1 to 50), the one after it (51 to 100) and the last (71 to 120), one row each shown. */
const answer = (cursor: string | null) => {
  const from = cursor === 'older' ? 51 : cursor === 'oldest' ? 71 : 1;
  return ok(sendingLogPageSchema, {
    summary: { total: 120, inProgress: 0, completed: 120, failed: 0 },
    rows: Array.from({ length: 50 }, (_, i) => job(from + i)),
    pageSize: 50,
    total: 120,
    totalIsEstimate: false,
    from,
    fromIsEstimate: false,
    cursors: {
      previous: from === 1 ? null : 'newer',
      next: from === 71 ? null : 'older',
      last: from === 71 ? null : 'oldest',
      current: `from-${from}`,
    },
  });
};

describe('admin: the e-mail logs', () => {
  it('pages by the cursors the server gave, and a new search starts from the newest jobs', async () => {
    const { requests } = stubApi({ [on(contract.sending.adminLogs)]: (request) => answer(request.query.get('cursor')) });
    const { user } = renderInApp(<AdminEmailLogsPanel />, { path: '/admin/email_logs' });
    await screen.findByText('عرض 1 إلى 50 من 120');
    const nav = within(screen.getByRole('navigation', { name: 'صفحات سجلات الرسائل' }));
    expect((nav.getByRole('button', { name: ar.lists.first }) as HTMLButtonElement).disabled).toBe(true);
    expect((nav.getByRole('button', { name: ar.lists.previous }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(nav.getByRole('button', { name: ar.lists.next }));
    await screen.findByText('عرض 51 إلى 100 من 120');
    expect(requests.at(-1)?.query.get('cursor')).toBe('older');
    await user.click(nav.getByRole('button', { name: ar.lists.last }));
    await screen.findByText('عرض 71 إلى 120 من 120');
    expect(requests.at(-1)?.query.get('cursor')).toBe('oldest');
    expect((nav.getByRole('button', { name: ar.lists.next }) as HTMLButtonElement).disabled).toBe(true);

    // A search belongs to its own pages: asked for without the cursor of the last one.
    await user.type(screen.getByLabelText('بحث'), 'seeker7');
    await waitFor(() => expect(requests.at(-1)?.query.get('search')).toBe('seeker7'));
    expect(requests.at(-1)?.query.get('cursor')).toBeNull();
    await screen.findByText('عرض 1 إلى 50 من 120');
  });

  it('starts again from the newest jobs when the server refuses a cursor', async () => {
    const { requests } = stubApi({
      [on(contract.sending.adminLogs)]: (request) =>
        request.query.get('cursor') === 'older' ? refused(400, 'CURSOR_INVALID') : answer(request.query.get('cursor')),
    });
    const { user } = renderInApp(<AdminEmailLogsPanel />, { path: '/admin/email_logs' });
    await screen.findByText('عرض 1 إلى 50 من 120');
    const nav = within(screen.getByRole('navigation', { name: 'صفحات سجلات الرسائل' }));
    await user.click(nav.getByRole('button', { name: ar.lists.next }));
    await waitFor(() => expect(requests.some((r) => r.query.get('cursor') === 'older')).toBe(true));
    await waitFor(() => expect(requests.at(-1)?.query.get('cursor')).toBeNull());
    expect(screen.getByRole('table', { name: t.heading })).toBeTruthy();
    await screen.findByText('عرض 1 إلى 50 من 120');
  });
});
