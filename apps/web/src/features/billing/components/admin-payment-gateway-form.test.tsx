import { contract } from '@sira/shared/contract';
import { gatewayAdminTexts as t } from '@sira/shared/messages/billing-admin';
import { type AdminGatewaySettings, adminGatewaySettingsSchema, adminGatewayTestResultSchema } from '@sira/shared/schemas/billing-admin';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, on, stubApi } from '~test/api';
import { findToast, renderInApp } from '~test/render';
import { AdminPaymentGatewayPanel } from './admin-payment-gateway-form';

const stored: AdminGatewaySettings = adminGatewaySettingsSchema.parse({
  apiId: 'APP_ID_1',
  baseUrl: 'https://restpilot.paylink.sa',
  secretKeySet: true,
  webhookSecretSet: false,
  usingDefaults: false,
  baseUrlOptions: [
    { environment: 'test', url: 'https://restpilot.paylink.sa' },
    { environment: 'production', url: 'https://restapi.paylink.sa' },
  ],
  webhookUrl: 'https://sira.example/api/billing/webhook',
});

async function openPanel() {
  const { requests } = stubApi({
    [on(contract.billing.adminGateway)]: ok(adminGatewaySettingsSchema, stored),
    [on(contract.billing.updateAdminGateway)]: ok(adminGatewaySettingsSchema, stored),
    [on(contract.billing.testAdminGateway)]: ok(adminGatewayTestResultSchema, { outcome: 'accepted', status: 200 }),
  });
  const app = renderInApp(<AdminPaymentGatewayPanel />);
  await screen.findByRole('button', { name: t.save });
  return { ...app, requests };
}

describe('admin: the payment gateway keys', () => {
  it('saves the keys trimmed, an empty secret keeping the stored one', async () => {
    const app = await openPanel();
    const apiId = screen.getByRole('textbox', { name: t.apiId });
    await app.user.clear(apiId);
    await app.user.type(apiId, '  APP_ID_2 ');
    await app.user.click(screen.getByRole('button', { name: t.save }));
    await findToast(t.saved);
    expect(app.requests.find((r) => r.method === 'PUT')?.body).toEqual({ apiId: 'APP_ID_2', baseUrl: stored.baseUrl });
  });

  it('shows the connection test outcome until what was tested changes', async () => {
    const app = await openPanel();
    await app.user.click(screen.getByRole('button', { name: t.test }));
    expect(await screen.findByText(t.testOutcome.accepted)).toBeTruthy();
    expect(app.requests.find((r) => r.method === 'POST')?.body).toEqual({ apiId: stored.apiId, baseUrl: stored.baseUrl });
    // The webhook secret is not part of the test.
    await app.user.type(screen.getByLabelText(new RegExp(t.webhookSecret.replace(/[()]/g, '\\$&'))), 'whsec');
    expect(screen.getByText(t.testOutcome.accepted)).toBeTruthy();
    await app.user.type(screen.getByRole('textbox', { name: t.apiId }), 'X');
    expect(screen.queryByText(t.testOutcome.accepted)).toBeNull();
  });
});
