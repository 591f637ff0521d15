import { contract } from '@sira/shared/contract';
import { sendingWindowAdminText as t, WEEKDAY_NAMES } from '@sira/shared/messages/sending-window';
import { type SendingWindowSettings, sendingWindowSchema } from '@sira/shared/schemas/sending-window';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, on, refused, stubApi } from '~test/api';
import { renderInApp } from '~test/render';
import { AdminSendingWindowPanel } from './admin-sending-window-panel';

const saved: SendingWindowSettings = { days: [0, 1, 2, 3, 4], start: '08:00', end: '16:00', holidays: ['2026-12-02'] };

/** The server keeps what it is sent, days and holidays sorted (as it does). */
function server(put = true) {
  return stubApi({
    [on(contract.sending.adminWindow)]: ok(sendingWindowSchema, saved),
    [on(contract.sending.updateAdminWindow)]: put
      ? ({ body }) => ok(sendingWindowSchema, body as SendingWindowSettings)
      : refused(500, 'INTERNAL'),
  });
}

async function openPanel() {
  const app = renderInApp(<AdminSendingWindowPanel />, { path: '/admin/email_settings' });
  const panel = await screen.findByTestId('sending-window');
  await within(panel).findByRole('button', { name: t.save });
  return { ...app, panel: within(panel) };
}

/** A time field takes its value as the browser's time picker gives it. */
const setTime = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

const save = (app: Awaited<ReturnType<typeof openPanel>>) => app.user.click(app.panel.getByRole('button', { name: t.save }));
const puts = (requests: ReturnType<typeof server>['requests']) => requests.filter((r) => r.method === 'PUT');

describe('admin: the sending window', () => {
  it('shows the saved days, hours and holidays', async () => {
    server();
    const app = await openPanel();
    const checked = WEEKDAY_NAMES.filter((name) => (app.panel.getByRole('checkbox', { name }) as HTMLInputElement).checked);
    expect(checked).toEqual(['الأحد', 'الاثنين', 'الثلاثاء', 'الأربعاء', 'الخميس']);
    expect((app.panel.getByLabelText(t.start) as HTMLInputElement).value).toBe('08:00');
    expect((app.panel.getByLabelText(t.end) as HTMLInputElement).value).toBe('16:00');
    expect((app.panel.getByRole('textbox', { name: t.holidays }) as HTMLTextAreaElement).value).toBe('2026-12-02');
  });

  it('saves a window that runs past midnight, 22:00 to 02:00', async () => {
    const { requests } = server();
    const app = await openPanel();
    // The hint says what such a window means.
    expect(app.panel.getByText(t.endHint)).toBeTruthy();
    await app.user.click(app.panel.getByRole('checkbox', { name: 'الجمعة' }));
    setTime(t.start, '22:00');
    setTime(t.end, '02:00');
    await save(app);
    expect(await screen.findByText(t.saved)).toBeTruthy();
    expect(puts(requests).map((r) => r.body)).toEqual([
      { days: [0, 1, 2, 3, 4, 5], start: '22:00', end: '02:00', holidays: ['2026-12-02'] },
    ]);
    expect(app.panel.queryByRole('alert')).toBeNull();
  });

  it('refuses a window with no day, and one that ends when it starts', async () => {
    const { requests } = server();
    const app = await openPanel();
    for (const name of WEEKDAY_NAMES.slice(0, 5)) await app.user.click(app.panel.getByRole('checkbox', { name }));
    setTime(t.end, '08:00');
    await save(app);
    expect(app.panel.getByText(t.noDays)).toBeTruthy();
    expect(app.panel.getByText(t.badHours)).toBeTruthy();
    expect(app.panel.getByLabelText(t.end).getAttribute('aria-invalid')).toBe('true');
    expect(puts(requests)).toHaveLength(0);

    // A change takes the messages away.
    await app.user.click(app.panel.getByRole('checkbox', { name: 'الأحد' }));
    expect(app.panel.queryByText(t.noDays)).toBeNull();
    expect(app.panel.queryByText(t.badHours)).toBeNull();
  });

  it('names the holidays that are not calendar dates, and saves the rest sorted once each', async () => {
    const { requests } = server();
    const app = await openPanel();
    const holidays = app.panel.getByRole('textbox', { name: t.holidays });
    await app.user.clear(holidays);
    await app.user.paste('2026-02-30\n2027-01-01');
    await save(app);
    expect(app.panel.getByText(t.badHolidays('2026-02-30'))).toBeTruthy();
    expect(puts(requests)).toHaveLength(0);

    await app.user.clear(holidays);
    await app.user.paste('2027-01-01\n2026-12-02\n2027-01-01');
    await save(app);
    await screen.findByText(t.saved);
    expect(puts(requests)[0]?.body).toMatchObject({ holidays: ['2026-12-02', '2027-01-01'] });
  });

  it('says so when the server does not save it', async () => {
    server(false);
    const app = await openPanel();
    setTime(t.start, '09:00');
    await save(app);
    await waitFor(() => expect(app.panel.getByRole('alert').textContent).toBe(t.saveFailed));
  });
});
