import { describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { parseEnv } from '../config/env';
import { outboxMailer } from '../mail/system-mailer';
import { useTestApp } from '../test/app';

const ctx = useTestApp();

describe('embedded outbox', () => {
  it('keeps system mail in the database and shows it to a person', async () => {
    await outboxMailer(ctx.db).send({
      to: 'reader@sira.example',
      subject: 'تفعيل حسابك',
      html: '<p dir="rtl">مرحبا <a href="http://x/verify">رابط</a></p>',
      text: 'مرحبا',
    });
    const list = await ctx.app.inject('/sandbox/outbox');
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain('reader@sira.example');
    const id = list.body.match(/\/sandbox\/outbox\/([0-9a-f-]{36})/)?.[1];
    const mail = await ctx.app.inject(`/sandbox/outbox/${id}`);
    expect(mail.body).toContain('http://x/verify');
  });

  it('does not exist in production', async () => {
    const env = parseEnv({
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://unused/sira',
      APP_SECRET: 'p'.repeat(40),
      PUBLIC_BASE_URL: 'https://sira.example',
      SMTP_URL: 'smtp://mail.example',
      SMTP_FROM: 'no-reply@sira.example',
      LOG_LEVEL: 'silent',
    });
    const app = await buildApp({
      env,
      db: ctx.db,
      dbKind: ctx.handle.kind,
      publicBaseUrl: 'https://sira.example',
      appSecret: 'p'.repeat(40),
      mailer: { send: async () => undefined },
      logger: false,
    });
    try {
      expect((await app.inject('/sandbox/outbox')).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});
