import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { mailOutbox } from '../db/schema';
import { notFound } from '../lib/errors';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const dateTime = new Intl.DateTimeFormat('ar-SA', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Riyadh' });

/**
 * Embedded mode's system-mail outbox: confirmation and reset e-mails land here instead of leaving the
 * machine, and a person opens them and follows their links. Never registered in production.
 */
export const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/sandbox/outbox', async (_request, reply) => {
    const mails = await app.db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(200);
    const rows = mails
      .map(
        (m) =>
          `<tr><td dir="ltr">${escapeHtml(m.to)}</td><td><a href="/sandbox/outbox/${m.id}">${escapeHtml(m.subject)}</a></td><td>${dateTime.format(m.createdAt)}</td></tr>`,
      )
      .join('');
    const body = mails.length
      ? `<table><thead><tr><th>إلى</th><th>الموضوع</th><th>الوقت</th></tr></thead><tbody>${rows}</tbody></table>`
      : '<p>لا توجد رسائل بعد.</p>';
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(`<!doctype html>
<html lang="ar" dir="rtl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>صندوق البريد التجريبي | سيرة</title><link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>body{font-family:Tahoma,Arial,sans-serif;margin:2rem;color:#212529}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #dee2e6;padding:.6rem;text-align:right}a{color:#0b7285}</style>
</head><body><main><h1>صندوق البريد التجريبي</h1>
<p>رسائل النظام (تفعيل الحساب وإعادة تعيين كلمة المرور) في الوضع المحلي تُحفظ هنا ولا تغادر هذا الجهاز.</p>
${body}</main></body></html>`);
  });

  app.get('/sandbox/outbox/:id', { schema: { params: z.object({ id: z.uuid() }) } }, async (request, reply) => {
    const [mail] = await app.db.select().from(mailOutbox).where(eq(mailOutbox.id, request.params.id));
    if (!mail) throw notFound();
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(mail.html);
  });
};
