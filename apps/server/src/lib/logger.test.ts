import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggerOptions, redactUrl } from './logger';

describe('log redaction', () => {
  it('cuts reset tokens and confirmation/OAuth parameters out of URLs, and nothing else', () => {
    expect(redactUrl('/api/auth/reset-password/abc123?callbackURL=%2Freset-password')).toBe(
      '/api/auth/reset-password/[redacted]?callbackURL=%2Freset-password',
    );
    expect(redactUrl('/api/account/password-reset/abc123')).toBe('/api/account/password-reset/[redacted]');
    expect(redactUrl('/reset-password?token=abc&x=1')).toBe('/reset-password?token=[redacted]&x=1');
    expect(redactUrl('/api/auth/verify-email?token=eyJ.x.y&callbackURL=%2Flogin')).toBe(
      '/api/auth/verify-email?token=[redacted]&callbackURL=%2Flogin',
    );
    expect(redactUrl('/api/mailbox/callback?state=s1&code=c2')).toBe('/api/mailbox/callback?state=[redacted]&code=[redacted]');
    expect(redactUrl('/api/companies?page=2')).toBe('/api/companies?page=2');
  });

  it('a real server’s request log line carries no reset token', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = Fastify({ logger: { ...loggerOptions('info'), stream } });
    app.get('/api/account/password-reset/:token', async () => ({ ok: true }));
    await app.inject({ method: 'GET', url: '/api/account/password-reset/s3cr3t-token-value' });
    await app.close();
    const logged = lines.join('');
    expect(logged).toContain('/api/account/password-reset/[redacted]');
    expect(logged).not.toContain('s3cr3t-token-value');
  });
});
