import { contract } from '@sira/shared/contract';
import { mailboxAdminMessage, mailboxAdminText as t } from '@sira/shared/messages/mailbox-admin';
import { type GmailSettings, gmailSettingsSchema } from '@sira/shared/schemas/mailbox-admin';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, on, refused, stubApi } from '~test/api';
import { findToast, renderInApp } from '~test/render';
import { AdminGmailSettingsPanel } from './admin-gmail-settings-panel';

const saved: GmailSettings = {
  clientId: '1234-abcd.apps.googleusercontent.com',
  clientSecretSet: true,
  scopes: ['https://www.googleapis.com/auth/gmail.send'],
  redirectUris: ['https://sira.example/api/mailbox/callback'],
  javascriptOrigins: ['https://sira.example'],
};

async function openPanel(put = ok(gmailSettingsSchema, saved)) {
  const { requests } = stubApi({
    [on(contract.mailbox.adminSettings)]: ok(gmailSettingsSchema, saved),
    [on(contract.mailbox.updateAdminSettings)]: put,
  });
  const app = renderInApp(<AdminGmailSettingsPanel />);
  await screen.findByRole('button', { name: t.save });
  return { ...app, requests, save: () => app.user.click(screen.getByRole('button', { name: t.save })) };
}

describe('admin: the Gmail OAuth client', () => {
  it('refuses a client id Google would not issue, on its field, and the message stays while typing', async () => {
    const app = await openPanel();
    const clientId = screen.getByRole('textbox', { name: t.clientId });
    await app.user.clear(clientId);
    await app.user.type(clientId, 'my-client');
    await app.save();
    await findToast(t.saveFailed);
    expect(clientId.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(t.clientIdInvalid)).toBeTruthy();
    await app.user.type(clientId, 'x');
    expect(screen.getByText(t.clientIdInvalid)).toBeTruthy();
    expect(app.requests.some((r) => r.method === 'PUT')).toBe(false);
  });

  it('asks to add or clear an address typed but not added', async () => {
    const app = await openPanel();
    const list = within(screen.getByTestId('gmail-redirect-uris'));
    await app.user.type(list.getByRole('textbox', { name: t.newRedirectUri }), 'https://sira.example/other');
    await app.save();
    expect(await screen.findByText(t.pendingItem)).toBeTruthy();
    expect(app.requests.some((r) => r.method === 'PUT')).toBe(false);
  });

  it('saves the client, keeping the stored secret when none is typed', async () => {
    const app = await openPanel();
    await app.save();
    await findToast(t.saved);
    expect(app.requests.find((r) => r.method === 'PUT')?.body).toEqual({
      clientId: saved.clientId,
      clientSecret: '',
      scopes: saved.scopes,
      redirectUris: saved.redirectUris,
      javascriptOrigins: saved.javascriptOrigins,
    });
  });

  it('says why Google refused the client, and offers to save anyway', async () => {
    const app = await openPanel(refused(422, 'GMAIL_CLIENT_REFUSED'));
    await app.save();
    await waitFor(() =>
      expect(within(screen.getByRole('region', { name: t.heading })).getByRole('alert').textContent).toBe(
        mailboxAdminMessage('GMAIL_CLIENT_REFUSED'),
      ),
    );
    expect(screen.getByRole('button', { name: t.saveAnyway })).toBeTruthy();
  });
});
