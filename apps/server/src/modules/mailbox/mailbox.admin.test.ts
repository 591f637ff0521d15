import { GMAIL_SEND_SCOPE } from '@sira/shared';
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test-support/app';
import { signedInAdmin, signedInUser } from '../../../test-support/auth';
import { auditLog } from '../../db/schema';
import { readGmailSetting } from './providers/gmail/gmail-settings';

const ctx = useTestApp();
const URL_ = '/api/admin/mailbox/settings';

const valid = {
  clientId: '1234-abc.apps.googleusercontent.com',
  clientSecret: 'GOCSPX-brand-new-secret',
  scopes: [GMAIL_SEND_SCOPE],
  redirectUris: ['https://sira.example/api/mailbox/callback'],
  javascriptOrigins: ['https://sira.example'],
};

const put = (cookie: string, payload: unknown) =>
  ctx.app.inject({ method: 'PUT', url: URL_, headers: { cookie }, payload: payload as object });

describe('admin gmail settings', () => {
  it('tests a client in embedded mode by its form only: the built-in Google sandbox accepts whichever client is saved', async () => {
    const { cookie } = await signedInAdmin(ctx);
    const test = (payload: object) => ctx.app.inject({ method: 'POST', url: `${URL_}/test`, headers: { cookie }, payload });
    expect((await test({ clientId: valid.clientId, clientSecret: 'GOCSPX-anything' })).json()).toEqual({ outcome: 'sandbox' });
    const malformed = await test({ clientId: 'my client.apps.googleusercontent.com', clientSecret: 'x' });
    expect([malformed.statusCode, malformed.json().code]).toEqual([400, 'GMAIL_CLIENT_ID_INVALID']);
  });

  it('shows the settings with the secret only as set / not set', async () => {
    const { cookie } = await signedInAdmin(ctx);
    const res = await ctx.app.inject({ url: URL_, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['clientId', 'clientSecretSet', 'javascriptOrigins', 'redirectUris', 'scopes']);
    expect(body.scopes).toEqual([GMAIL_SEND_SCOPE]);
    expect(typeof body.clientSecretSet).toBe('boolean');
  });

  it('saves: secret sealed at rest, never in the answer or the audit log; an empty secret keeps the stored one', async () => {
    const admin = await signedInAdmin(ctx);
    const res = await put(admin.cookie, valid);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('brand-new-secret');
    expect(res.json()).toEqual({ ...valid, clientSecret: undefined, clientSecretSet: true });
    const stored = await readGmailSetting(ctx.db);
    expect(stored.client_secret).not.toContain('brand-new-secret');
    expect(ctx.app.secretBox.open(stored.client_secret as string)).toBe('GOCSPX-brand-new-secret');

    const kept = await put(admin.cookie, { ...valid, clientSecret: '', scopes: [GMAIL_SEND_SCOPE, 'openid'] });
    expect(kept.statusCode).toBe(200);
    expect(kept.json().scopes).toEqual([GMAIL_SEND_SCOPE, 'openid']);
    expect(ctx.app.secretBox.open((await readGmailSetting(ctx.db)).client_secret as string)).toBe('GOCSPX-brand-new-secret');
    expect((await ctx.app.inject({ url: URL_, headers: { cookie: admin.cookie } })).body).not.toContain('brand-new-secret');

    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'settings'), eq(auditLog.entityId, 'gmail'), eq(auditLog.actorEmail, admin.email)))
      .orderBy(desc(auditLog.createdAt))
      .limit(1);
    expect(entry?.action).toBe('settings.update');
    expect(JSON.stringify(entry)).not.toContain('brand-new-secret');
  });

  it('applies the same rules as the form (spec §5), each with its code, and stores nothing on refusal', async () => {
    const { cookie } = await signedInAdmin(ctx);
    const before = await readGmailSetting(ctx.db);
    const cases: Array<[Partial<typeof valid>, string]> = [
      [{ clientId: '1234-abc.example.com' }, 'GMAIL_CLIENT_ID_INVALID'],
      [{ clientId: '.apps.googleusercontent.com' }, 'GMAIL_CLIENT_ID_INVALID'],
      [{ redirectUris: [] }, 'GMAIL_REDIRECT_URI_REQUIRED'],
      [{ javascriptOrigins: [] }, 'GMAIL_JS_ORIGIN_REQUIRED'],
      [{ scopes: [] }, 'GMAIL_SCOPES_REQUIRED'],
      [{ scopes: ['  '] }, 'GMAIL_SCOPES_REQUIRED'],
      [{ scopes: ['openid', 'email'] }, 'GMAIL_SCOPES_CANNOT_SEND'],
      [{ redirectUris: ['not a url'] }, 'GMAIL_URL_INVALID'],
      [{ redirectUris: ['javascript:alert(1)'] }, 'GMAIL_URL_INVALID'],
      [{ javascriptOrigins: ['https://sira.example/path'] }, 'GMAIL_URL_INVALID'],
    ];
    for (const [change, code] of cases) {
      const res = await put(cookie, { ...valid, ...change });
      expect({ change, status: res.statusCode, body: res.json() }).toEqual({ change, status: 400, body: { code } });
    }
    expect(await readGmailSetting(ctx.db)).toEqual(before);
  });

  it('requires a client secret when none is stored', async () => {
    const { cookie } = await signedInAdmin(ctx);
    const { settings } = await import('../../db/schema');
    const current = await readGmailSetting(ctx.db);
    await ctx.db
      .update(settings)
      .set({ value: { ...current, client_secret: null } })
      .where(eq(settings.key, 'gmail'));
    const res = await put(cookie, { ...valid, clientSecret: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'GMAIL_CLIENT_SECRET_REQUIRED' });
    expect((await ctx.app.inject({ url: URL_, headers: { cookie } })).json().clientSecretSet).toBe(false);
  });

  it('reports a secret sealed under an earlier APP_SECRET as not set, and will not keep it', async () => {
    const { cookie } = await signedInAdmin(ctx);
    const { settings } = await import('../../db/schema');
    const { createSecretBox } = await import('../../lib/secret-box');
    const current = await readGmailSetting(ctx.db);
    const stale = createSecretBox('an-app-secret-from-before-the-rotation-0123456789').seal('GOCSPX-old');
    await ctx.db
      .update(settings)
      .set({ value: { ...current, client_secret: stale } })
      .where(eq(settings.key, 'gmail'));
    expect((await ctx.app.inject({ url: URL_, headers: { cookie } })).json().clientSecretSet).toBe(false);
    const res = await put(cookie, { ...valid, clientSecret: '' });
    expect([res.statusCode, res.json().code]).toEqual([400, 'GMAIL_CLIENT_SECRET_REQUIRED']);
    expect((await put(cookie, valid)).json().clientSecretSet).toBe(true);
  });

  it('is refused to a signed-in non-admin (403) and to a visitor (401)', async () => {
    const { cookie } = await signedInUser(ctx);
    expect((await ctx.app.inject({ url: URL_, headers: { cookie } })).statusCode).toBe(403);
    expect((await put(cookie, valid)).statusCode).toBe(403);
    expect((await ctx.app.inject({ url: URL_ })).statusCode).toBe(401);
  });
});
