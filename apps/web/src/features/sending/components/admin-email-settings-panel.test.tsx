import { settleSettingValue } from '@sira/shared';
import { contract } from '@sira/shared/contract';
import { sendingSettingsText as t } from '@sira/shared/messages/sending-admin';
import { type SendingSettings, sendingSettingsSchema } from '@sira/shared/schemas/sending-admin';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, on, stubApi } from '~test/api';
import { findToast, renderInApp } from '~test/render';
import { CAP_FIELDS, capLimits, DELAY_FIELDS, delayLimits } from '../utils/settings-form';
import { AdminEmailSettingsPanel } from './admin-email-settings-panel';

const saved: SendingSettings = {
  delay: { batch_size: 10, batch_delay: 60, email_delay: 5, max_per_minute: 10, max_per_hour: 300, retry_delay: 300, max_retries: 3 },
  dailyCaps: { gmail: 400, workspace: 1500, outlook: 270, microsoft365: 1800, smtp: 300 },
};

/** The server stores each value held to its range (spec §5: nothing typed is refused). */
const settle = (body: SendingSettings): SendingSettings => ({
  delay: Object.fromEntries(DELAY_FIELDS.map((f) => [f, settleSettingValue(body.delay[f], delayLimits[f])])) as SendingSettings['delay'],
  dailyCaps: Object.fromEntries(
    CAP_FIELDS.map((f) => [f, settleSettingValue(body.dailyCaps[f], capLimits)]),
  ) as SendingSettings['dailyCaps'],
});

function server() {
  return stubApi({
    [on(contract.sending.adminSettings)]: ok(sendingSettingsSchema, saved),
    [on(contract.sending.updateAdminSettings)]: ({ body }) => ok(sendingSettingsSchema, settle(body as SendingSettings)),
  });
}

const field = (label: string) => screen.getByRole('textbox', { name: label }) as HTMLInputElement;

describe('admin: the pacing settings', () => {
  it('shows the saved numbers and saves what was typed', async () => {
    const { requests } = server();
    const { user } = renderInApp(<AdminEmailSettingsPanel />);
    await screen.findByRole('button', { name: t.save });
    expect(field(t.fields.batch_size).value).toBe('10');
    expect(field(t.dailyCaps.gmail).value).toBe('400');
    await user.clear(field(t.fields.email_delay));
    await user.type(field(t.fields.email_delay), '8');
    await user.click(screen.getByRole('button', { name: t.save }));
    await findToast(t.saved);
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ ...saved, delay: { ...saved.delay, email_delay: 8 } });
  });

  it('saves a value out of range as its nearest end, and says so', async () => {
    server();
    const { user } = renderInApp(<AdminEmailSettingsPanel />);
    await screen.findByRole('button', { name: t.save });
    await user.clear(field(t.fields.batch_size));
    await user.type(field(t.fields.batch_size), '0');
    await user.click(screen.getByRole('button', { name: t.save }));
    const limits = delayLimits.batch_size;
    await findToast(t.savedSettled([{ label: t.fields.batch_size, typed: '0', saved: 1, limits }]));
    expect(field(t.fields.batch_size).value).toBe('1');
  });
});
