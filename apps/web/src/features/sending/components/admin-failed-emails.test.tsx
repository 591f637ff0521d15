import { ar } from '@sira/shared';
import { contract } from '@sira/shared/contract';
import { type AdminFailedEmail, adminFailedEmailsPageSchema } from '@sira/shared/schemas/sending-admin';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, on, stubApi } from '~test/api';
import { renderInApp } from '~test/render';
import { failedEmailTexts as t } from '../utils/failed-emails-texts';
import { AdminFailedEmails } from './admin-failed-emails';

const failure = (n: number): AdminFailedEmail => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  email: `hr${n}@gone.example`,
  userEmail: 'seeker@sira.example',
  error: 'timeout',
  createdAt: '2030-01-02T10:00:00.000Z',
});

describe('admin: the failed e-mails', () => {
  it('pages by the cursors the server gave, and says «نحو» of an estimated count', async () => {
    const answer = (cursor: string | null) => {
      const from = cursor === 'older' ? 51 : cursor === 'oldest' ? 1_199_951 : 1;
      return ok(adminFailedEmailsPageSchema, {
        items: Array.from({ length: 50 }, (_, i) => failure(from + i)),
        pageSize: 50,
        total: 1_200_000,
        totalIsEstimate: true,
        from,
        fromIsEstimate: cursor === 'oldest',
        cursors: {
          previous: from === 1 ? null : 'newer',
          next: cursor === 'oldest' ? null : 'older',
          last: cursor === 'oldest' ? null : 'oldest',
          current: `from-${from}`,
        },
      });
    };
    const { requests } = stubApi({ [on(contract.sending.adminFailedEmails)]: (request) => answer(request.query.get('cursor')) });
    const { user } = renderInApp(<AdminFailedEmails />, { path: '/admin/companies' });
    await screen.findByText('عرض 1 إلى 50 من نحو 1200000');
    screen.getByText(ar.lists.estimated);
    const nav = within(screen.getByRole('navigation', { name: t.pages }));
    expect((nav.getByRole('button', { name: ar.lists.previous }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(nav.getByRole('button', { name: ar.lists.next }));
    await screen.findByText('عرض 51 إلى 100 من نحو 1200000');
    expect(requests.at(-1)?.query.get('cursor')).toBe('older');
    await user.click(nav.getByRole('button', { name: ar.lists.last }));
    await screen.findByText('عرض نحو 1199951 إلى 1200000 من نحو 1200000');
    expect(requests.at(-1)?.query.get('cursor')).toBe('oldest');
    await user.click(nav.getByRole('button', { name: ar.lists.first }));
    await screen.findByText('عرض 1 إلى 50 من نحو 1200000');
    expect(within(screen.getByRole('table', { name: t.title })).getAllByRole('row')[1]?.textContent).toContain('hr1@gone.example');
  });
});
