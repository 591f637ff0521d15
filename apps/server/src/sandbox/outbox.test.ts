import { describe, expect, it } from 'vitest';
import { productionTestApp, useTestApp } from '../../test-support/app';
import { outboxMailer } from '../mail/system-mailer';

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

  it('answers this machine only: every sandbox refuses another machine, the app does not', async () => {
    const lan = { remoteAddress: '192.168.1.20' };
    for (const url of ['/sandbox/outbox', '/sandbox/google/mail', '/sandbox/paylink/_control/state', '/sandbox/paylink/pay/123']) {
      const refused = await ctx.app.inject({ url, ...lan });
      expect(refused.statusCode, url).toBe(403);
      expect(refused.body).toContain('صفحات المحاكاة متاحة من هذا الجهاز فقط');
    }
    const paid = await ctx.app.inject({ method: 'POST', url: '/sandbox/paylink/_control/invoices/123/pay', ...lan });
    expect(paid.statusCode).toBe(403);
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      expect((await ctx.app.inject({ url: '/sandbox/outbox', remoteAddress })).statusCode, remoteAddress).toBe(200);
    }
    // The app itself serves every network.
    expect((await ctx.app.inject({ url: '/api/packages', ...lan })).statusCode).toBe(200);
  });

  it('does not exist in production', async () => {
    const app = await productionTestApp(ctx);
    try {
      expect((await app.inject('/sandbox/outbox')).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});
