import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { escapeHtml, pageCsp } from '../google/pages';
import { sandboxPage } from '../mail/mail-sandbox';
import type { SandboxAccount, SandboxMessage, SmtpFaultKind, SmtpSandboxState } from './core';

/**
 * The SMTP sandbox's HTTP side, relative to where it is mounted: a page listing the accounts with a form to
 * create one, each account's Sent folder (recipient, subject, the PDF's name and size), and JSON under
 * `/_control` for tests and scripts — the server's ports and certificate, accounts, messages, fault switches.
 */

export interface SmtpSandboxInfo {
  host: string;
  tlsPort: number;
  starttlsPort: number;
  certificate: string;
}

const FAULT_KINDS = [
  'auth-refused',
  'temporary',
  'recipient-refused',
  'quota',
  'rate-limit',
  'policy',
  'too-big',
  'drop-mid-data',
] as const satisfies readonly SmtpFaultKind[];
const faultSchema = z.object({
  kind: z.enum(FAULT_KINDS),
  recipient: z.string().min(3).max(320).optional(),
  times: z.number().int().min(1).max(1000).optional(),
});
const accountSchema = z.object({ address: z.string().trim().min(3).max(320), password: z.string().min(1).max(1024) });

const dateTime = new Intl.DateTimeFormat('ar-SA', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Riyadh' });
const kb = (bytes: number) => `${(bytes / 1024).toLocaleString('en-US', { maximumFractionDigits: 1 })} KB`;

function send(reply: FastifyReply, status: number, page: string) {
  return reply
    .status(status)
    .header('content-security-policy', pageCsp())
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(page);
}

const messageJson = (m: SandboxMessage) => ({
  id: m.id,
  from: m.from,
  to: m.to,
  subject: m.subject,
  receivedAt: m.receivedAt.toISOString(),
  size: m.size,
  secure: m.secure,
  attachments: m.attachments,
});

const accountJson = (a: SandboxAccount) => ({
  address: a.address,
  createdAt: a.createdAt.toISOString(),
  logins: a.logins,
  transactions: a.transactions,
  messages: a.messages.length,
  faults: a.faults,
});

export async function smtpSandboxRoutes(
  app: FastifyInstance,
  options: { state: SmtpSandboxState; info: () => SmtpSandboxInfo },
): Promise<void> {
  const { state, info } = options;
  const base = app.prefix;

  // The account form posts a plain form.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  app.get('/', async (_request, reply) => {
    const server = info();
    const rows = state
      .list()
      .map(
        (a) =>
          `<tr><td class="ltr"><a href="${base}/accounts/${encodeURIComponent(a.address)}">${escapeHtml(a.address)}</a></td><td>${a.messages.length}</td><td>${a.faults.length ? escapeHtml(a.faults.map((f) => f.kind).join('، ')) : '—'}</td></tr>`,
      )
      .join('');
    return send(
      reply,
      200,
      sandboxPage(
        'صناديق SMTP',
        `<h1>صناديق البريد عبر SMTP</h1>
<p>يقوم هذا الخادم مقام مزوّدي البريد (Yahoo وZoho وiCloud وغيرها) حين يربط المستخدم بريده بكلمة مرور التطبيقات. لا يُرسل شيئًا إلى أحد: يحفظ الرسائل هنا فقط.</p>
<table><tbody>
<tr><th>الخادم</th><td class="ltr">${escapeHtml(server.host)}</td></tr>
<tr><th>منفذ TLS</th><td class="ltr">${server.tlsPort}</td></tr>
<tr><th>منفذ STARTTLS</th><td class="ltr">${server.starttlsPort}</td></tr>
<tr><th>الشهادة</th><td><a href="${base}/_control/certificate">شهادة ذاتية التوقيع (PEM)</a></td></tr>
</tbody></table>
<h2>إنشاء حساب</h2>
<p>أي عنوان يسجّل الدخول أول مرة يُنشأ بكلمة المرور التي أرسلها. ويمكن إنشاؤه هنا مسبقًا:</p>
<form method="post" action="${base}/accounts">
<p><label>العنوان <input class="ltr" type="email" name="address" required maxlength="320"></label></p>
<p><label>كلمة مرور التطبيقات <input class="ltr" type="text" name="password" required maxlength="1024"></label></p>
<p><button type="submit">إنشاء الحساب</button></p></form>
<h2>الحسابات</h2>
${rows ? `<table><thead><tr><th>العنوان</th><th>الرسائل</th><th>الأعطال المفعّلة</th></tr></thead><tbody>${rows}</tbody></table>` : '<p>لا توجد حسابات بعد.</p>'}`,
      ),
    );
  });

  app.post('/accounts', async (request, reply) => {
    const parsed = accountSchema.safeParse(request.body);
    if (!parsed.success)
      return send(reply, 400, sandboxPage('خطأ', `<h1>عنوان أو كلمة مرور غير صالحة.</h1><p><a href="${base}">رجوع</a></p>`));
    state.setPassword(parsed.data.address, parsed.data.password);
    return reply.redirect(`${base}/accounts/${encodeURIComponent(parsed.data.address.toLowerCase())}`, 303);
  });

  app.get('/accounts/:address', async (request, reply) => {
    const account = state.account((request.params as { address: string }).address);
    if (!account) return send(reply, 404, sandboxPage('غير موجود', `<h1>لا يوجد حساب بهذا العنوان.</h1><p><a href="${base}">رجوع</a></p>`));
    const rows = [...account.messages]
      .reverse()
      .slice(0, 500)
      .map((m) => {
        const pdfs = m.attachments.map((a) => `<span class="ltr">${escapeHtml(a.filename)}</span> (${kb(a.size)})`).join('<br>') || '—';
        return `<tr><td class="ltr">${escapeHtml(m.to.join(', '))}</td><td dir="auto">${escapeHtml(m.subject || '(بدون موضوع)')}</td><td>${pdfs}</td><td>${kb(m.size)}</td><td>${dateTime.format(m.receivedAt)}</td></tr>`;
      })
      .join('');
    return send(
      reply,
      200,
      sandboxPage(
        account.address,
        `<p><a href="${base}">كل الحسابات</a></p><h1>المرسل من <span class="ltr">${escapeHtml(account.address)}</span></h1>
<p>تسجيلات الدخول: ${account.logins} — محاولات الإرسال: ${account.transactions}${account.faults.length ? ` — أعطال مفعّلة: ${escapeHtml(account.faults.map((f) => f.kind).join('، '))}` : ''}</p>
${rows ? `<table><thead><tr><th>إلى</th><th>الموضوع</th><th>المرفق</th><th>الحجم</th><th>الوقت</th></tr></thead><tbody>${rows}</tbody></table>` : '<p>لم يُرسل شيء من هذا الحساب بعد.</p>'}`,
      ),
    );
  });

  app.get('/_control/server', async () => {
    const server = info();
    return { host: server.host, tlsPort: server.tlsPort, starttlsPort: server.starttlsPort, certificate: server.certificate };
  });

  app.get('/_control/certificate', async (_request, reply) => reply.type('application/x-pem-file').send(info().certificate));

  app.get('/_control/accounts', async () => ({ accounts: state.list().map(accountJson) }));

  app.post('/_control/accounts', async (request, reply) => {
    const parsed = accountSchema.safeParse(request.body);
    if (!parsed.success) return reply.status(400).send({ error: 'address and password are required' });
    return accountJson(state.setPassword(parsed.data.address, parsed.data.password));
  });

  app.get('/_control/accounts/:address/messages', async (request, reply) => {
    const account = state.account((request.params as { address: string }).address);
    if (!account) return reply.status(404).send({ error: 'no such account' });
    return { messages: account.messages.map(messageJson) };
  });

  app.post('/_control/accounts/:address/faults', async (request, reply) => {
    const parsed = faultSchema.safeParse(request.body);
    if (!parsed.success || (parsed.data.kind === 'recipient-refused' && !parsed.data.recipient)) {
      return reply.status(400).send({ error: `kind is one of ${FAULT_KINDS.join(', ')}; recipient-refused needs a recipient` });
    }
    const address = (request.params as { address: string }).address;
    state.injectFault(address, parsed.data);
    const account = state.account(address);
    return account ? accountJson(account) : reply.status(404).send({ error: 'no such account' });
  });

  app.delete('/_control/accounts/:address/faults', async (request) => {
    state.clearFaults((request.params as { address: string }).address);
    return { cleared: true };
  });
}
