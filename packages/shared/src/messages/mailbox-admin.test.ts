import { describe, expect, it } from 'vitest';
import { checkGmailSettings, isValidOrigin, isValidUrl } from './mailbox-admin';

const valid = {
  clientId: '123-abc.apps.googleusercontent.com',
  clientSecret: 'secret',
  scopes: ['https://www.googleapis.com/auth/gmail.send'],
  redirectUris: ['https://sira.example/api/mailbox/callback'],
  javascriptOrigins: ['https://sira.example'],
};

describe('mail-connection settings rule (spec §5)', () => {
  it('accepts a complete configuration', () => {
    expect(checkGmailSettings(valid, false)).toBeNull();
  });

  it('checks the fields in form order, each with its own code', () => {
    expect(checkGmailSettings({ ...valid, clientId: 'x.example.com', clientSecret: '' }, false)).toBe('GMAIL_CLIENT_ID_INVALID');
    expect(checkGmailSettings({ ...valid, clientSecret: '  ' }, false)).toBe('GMAIL_CLIENT_SECRET_REQUIRED');
    expect(checkGmailSettings({ ...valid, redirectUris: [] }, false)).toBe('GMAIL_REDIRECT_URI_REQUIRED');
    expect(checkGmailSettings({ ...valid, javascriptOrigins: [] }, false)).toBe('GMAIL_JS_ORIGIN_REQUIRED');
    expect(checkGmailSettings({ ...valid, scopes: [''] }, false)).toBe('GMAIL_SCOPES_REQUIRED');
    expect(checkGmailSettings({ ...valid, scopes: ['email', 'openid'] }, false)).toBe('GMAIL_SCOPES_CANNOT_SEND');
    expect(checkGmailSettings({ ...valid, scopes: ['email', 'https://mail.google.com/'] }, false)).toBeNull();
    expect(checkGmailSettings({ ...valid, javascriptOrigins: ['https://sira.example/'] }, false)).toBe('GMAIL_URL_INVALID');
  });

  it('lets an empty secret keep the stored one', () => {
    expect(checkGmailSettings({ ...valid, clientSecret: '' }, true)).toBeNull();
  });

  it('takes only absolute http(s) URLs, and origins without a path', () => {
    for (const good of ['https://a.example/cb', 'http://localhost:3000/api/mailbox/callback']) expect(isValidUrl(good)).toBe(true);
    for (const bad of ['', 'a.example', 'ftp://a.example', 'javascript:alert(1)', ' https://a.example', 'https://'])
      expect(isValidUrl(bad)).toBe(false);
    expect(isValidOrigin('https://a.example:8443')).toBe(true);
    for (const bad of ['https://a.example/', 'https://a.example/path', 'https://a.example?q=1']) expect(isValidOrigin(bad)).toBe(false);
  });
});
