import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { header, parseMessage, readHeaders } from '../google/mime';
import { escapeHtml, safeBody } from '../google/pages';

/**
 * Staging's mail server (ADR 009): an SMTP server that keeps every message Sira's system mail sends
 * (confirmation, password reset) and pages that show them, as embedded mode's outbox does — a person follows
 * the links in them. Nothing is relayed anywhere. With a folder, messages are kept there as .eml files.
 */

export interface ReceivedMail {
  id: string;
  /** The envelope's recipients (RCPT TO). */
  to: string[];
  receivedAt: Date;
  raw: Buffer;
}

export class MailStore {
  private readonly messages: ReceivedMail[] = [];

  constructor(private readonly dir: string | undefined) {
    if (!dir) return;
    mkdirSync(dir, { recursive: true });
    for (const name of readdirSync(dir)
      .filter((n) => n.endsWith('.eml'))
      .sort()) {
      const raw = readFileSync(join(dir, name));
      const to = (header(readHeaders(raw), 'to') ?? '').split(',').map((a) => a.trim());
      this.messages.push({ id: name.slice(0, -4), to, receivedAt: statSync(join(dir, name)).mtime, raw });
    }
    this.messages.sort((a, b) => a.receivedAt.getTime() - b.receivedAt.getTime());
  }

  add(to: string[], raw: Buffer): ReceivedMail {
    // Time first, so the folder's order is the arrival order.
    const id = `${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`;
    const mail = { id, to, receivedAt: new Date(), raw };
    this.messages.push(mail);
    if (this.dir) writeFileSync(join(this.dir, `${id}.eml`), raw);
    return mail;
  }

  list(): ReceivedMail[] {
    return [...this.messages].reverse();
  }

  find(id: string): ReceivedMail | undefined {
    return this.messages.find((m) => m.id === id);
  }
}

/** Accepts any sender and recipient, no TLS or login (it listens for the staging servers only), up to 10 MB. */
export async function startSmtpSandbox(store: MailStore, options: { port: number; host: string }): Promise<{ close(): Promise<void> }> {
  const server = new SMTPServer({
    name: 'sandbox.sira.invalid',
    banner: 'Sira staging mail sandbox',
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    size: 10 * 1024 * 1024,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        store.add(
          session.envelope.rcptTo.map((r) => r.address),
          Buffer.concat(chunks),
        );
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  return { close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const STYLE =
  'body{font-family:Tahoma,Arial,sans-serif;margin:2rem;color:#212529;line-height:1.6}table{border-collapse:collapse;width:100%}' +
  'td,th{border-bottom:1px solid #dee2e6;padding:.6rem;text-align:right;vertical-align:top}a{color:#0b7285}' +
  '.ltr{direction:ltr;unicode-bidi:isolate}.staging{background:#fff3bf;border:1px solid #f08c00;padding:.5rem 1rem}' +
  'article{border-top:1px solid #dee2e6;margin-top:1rem;padding-top:1rem;overflow-wrap:anywhere}';
const CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
const dateTime = new Intl.DateTimeFormat('ar-SA', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Riyadh' });

/** The pages of the sandboxes process: plain HTML, no script, a staging notice on each. */
export function sandboxPage(title: string, body: string): string {
  return `<!doctype html>
<html lang="ar" dir="rtl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} | سيرة (بيئة تجريبية)</title><link rel="icon" href="data:,"><style>${STYLE}</style></head>
<body><p class="staging" role="note">بيئة تجريبية: لا يغادر هذا الخادم أي بريد أو دفع حقيقي.</p><main>${body}</main></body></html>`;
}

export function sendPage(reply: FastifyReply, status: number, page: string) {
  return reply
    .status(status)
    .header('content-security-policy', CSP)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(page);
}

const subjectOf = (mail: ReceivedMail) => header(readHeaders(mail.raw), 'subject') || '(بدون موضوع)';

/** `/` (mounted at /mail): the received messages, newest first; `/:id` one of them; `/_control/messages` as JSON. */
export async function mailSandboxRoutes(app: FastifyInstance, options: { store: MailStore }): Promise<void> {
  const { store } = options;
  const base = app.prefix;

  app.get('/', async (_request, reply) => {
    const mails = store.list().slice(0, 500);
    const rows = mails
      .map(
        (m) =>
          `<tr><td class="ltr">${escapeHtml(m.to.join(', '))}</td><td><a href="${base}/${m.id}">${escapeHtml(subjectOf(m))}</a></td><td>${dateTime.format(m.receivedAt)}</td></tr>`,
      )
      .join('');
    return sendPage(
      reply,
      200,
      sandboxPage(
        'بريد النظام',
        `<h1>بريد النظام</h1><p>رسائل سيرة (تفعيل الحساب وإعادة تعيين كلمة المرور) تصل هنا بدل صناديق المستخدمين.</p>
${mails.length ? `<table><thead><tr><th>إلى</th><th>الموضوع</th><th>الوقت</th></tr></thead><tbody>${rows}</tbody></table>` : '<p>لا توجد رسائل بعد.</p>'}`,
      ),
    );
  });

  app.get('/_control/messages', async () => ({
    messages: store.list().map((m) => {
      const parsed = parseMessage(m.raw);
      return {
        id: m.id,
        to: m.to,
        subject: subjectOf(m),
        receivedAt: m.receivedAt.toISOString(),
        html: parsed.html ?? null,
        text: parsed.text ?? null,
      };
    }),
  }));

  app.get('/:id', async (request, reply) => {
    const mail = store.find((request.params as { id: string }).id);
    if (!mail) return sendPage(reply, 404, sandboxPage('غير موجودة', '<h1>لا توجد رسالة بهذا المعرّف.</h1>'));
    const parsed = parseMessage(mail.raw);
    return sendPage(
      reply,
      200,
      sandboxPage(
        subjectOf(mail),
        `<p><a href="${base}">العودة إلى بريد النظام</a></p><h1>${escapeHtml(subjectOf(mail))}</h1>
<p>إلى: <span class="ltr">${escapeHtml(mail.to.join(', '))}</span> — ${dateTime.format(mail.receivedAt)}</p>
<article dir="auto" lang="ar" aria-label="نص الرسالة">${safeBody(parsed)}</article>`,
      ),
    );
  });
}
