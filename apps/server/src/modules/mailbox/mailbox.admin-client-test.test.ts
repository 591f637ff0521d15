import { GMAIL_SEND_SCOPE } from '@sira/shared';
import { describe, expect, it } from 'vitest';
import { signedInAdmin } from '../../../test-support/auth';
import { useAppWithGoogleSandbox } from '../../../test-support/mailbox';
import { readGmailSetting } from './providers/gmail/gmail-settings';

// The app talks to a Google sandbox on its own port, which knows one OAuth client: as Google does, its token
// endpoint answers invalid_client to any other id or secret, and invalid_grant to a code it never issued.
const { ctx, sandbox } = useAppWithGoogleSandbox();

const settingsFor = (clientId: string, clientSecret: string) => ({
  clientId,
  clientSecret,
  scopes: [GMAIL_SEND_SCOPE],
  redirectUris: ['https://sira.example/api/mailbox/callback'],
  javascriptOrigins: ['https://sira.example'],
});

describe('testing the Google client in the admin gmail tab', () => {
  it('tells a client Google knows from an unknown id or a wrong secret, without saving anything', async () => {
    const { cookie } = await signedInAdmin(ctx);
    const before = await readGmailSetting(ctx.db);
    const test = (payload: object) =>
      ctx.app.inject({ method: 'POST', url: '/api/admin/mailbox/settings/test', headers: { cookie }, payload });

    const good = await test({ clientId: sandbox.clientId, clientSecret: sandbox.clientSecret, redirectUris: [] });
    expect([good.statusCode, good.json()]).toEqual([200, { outcome: 'accepted' }]);
    expect(good.body).not.toContain(sandbox.clientSecret);
    expect((await test({ clientId: sandbox.clientId, clientSecret: 'GOCSPX-not-the-secret' })).json()).toEqual({ outcome: 'refused' });
    expect((await test({ clientId: '1234-unknown.apps.googleusercontent.com', clientSecret: sandbox.clientSecret })).json()).toEqual({
      outcome: 'refused',
    });
    // The id's form is checked before any call.
    const malformed = await test({ clientId: '{"client_id":"1234-x.apps.googleusercontent.com"}', clientSecret: 'x' });
    expect([malformed.statusCode, malformed.json().code]).toEqual([400, 'GMAIL_CLIENT_ID_INVALID']);
    expect(await readGmailSetting(ctx.db)).toEqual(before);

    // Google having a bad day: not verified, which is not a refusal.
    sandbox.injectFault({ endpoint: 'token', status: 503, times: 1 });
    expect((await test({ clientId: sandbox.clientId, clientSecret: sandbox.clientSecret })).json()).toEqual({ outcome: 'unreachable' });
  });

  it('refuses to save a client Google does not know, unless the admin saves anyway; an empty secret tests the stored one', async () => {
    const { cookie } = await signedInAdmin(ctx);
    const put = (payload: object) => ctx.app.inject({ method: 'PUT', url: '/api/admin/mailbox/settings', headers: { cookie }, payload });

    const before = await readGmailSetting(ctx.db);
    const wrong = settingsFor(sandbox.clientId, 'GOCSPX-typo-in-the-secret');
    const refused = await put(wrong);
    expect([refused.statusCode, refused.json().code]).toEqual([400, 'GMAIL_CLIENT_REFUSED']);
    expect(await readGmailSetting(ctx.db)).toEqual(before);

    const anyway = await put({ ...wrong, saveUntested: true });
    expect([anyway.statusCode, anyway.json().clientId]).toEqual([200, sandbox.clientId]);
    // The stored (wrong) secret is what an empty field stands for.
    const test = (payload: object) =>
      ctx.app.inject({ method: 'POST', url: '/api/admin/mailbox/settings/test', headers: { cookie }, payload });
    expect((await test({ clientId: sandbox.clientId, clientSecret: '' })).json()).toEqual({ outcome: 'refused' });
    expect((await put(settingsFor(sandbox.clientId, ''))).json().code).toBe('GMAIL_CLIENT_REFUSED');

    const right = await put(settingsFor(sandbox.clientId, sandbox.clientSecret));
    expect(right.statusCode).toBe(200);
    expect((await test({ clientId: sandbox.clientId, clientSecret: '' })).json()).toEqual({ outcome: 'accepted' });
    expect((await put(settingsFor(sandbox.clientId, ''))).statusCode).toBe(200);

    sandbox.injectFault({ endpoint: 'token', status: 500, times: 1 });
    expect((await put(settingsFor(sandbox.clientId, ''))).json().code).toBe('GMAIL_UNREACHABLE');
  });
});
