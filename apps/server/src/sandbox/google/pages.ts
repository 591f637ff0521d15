import sanitizeHtml from 'sanitize-html';
import { isSendScope } from './core';
import { header, type ParsedMessage } from './mime';
import type { SentMessage } from './store';

/**
 * The sandbox's pages for a person: Google's consent screen and each mailbox's Sent folder. Arabic, RTL,
 * plain HTML with no script; every value is escaped, and a message body is sanitised before it is shown.
 */

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const dateTime = new Intl.DateTimeFormat('ar-SA', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Riyadh' });

/** No script anywhere; forms may go to this origin and, on the consent page, to the app's redirect URI. */
export function pageCsp(formTargets: string[] = []): string {
  return [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    'img-src data:',
    `form-action 'self' ${formTargets.join(' ')}`.trim(),
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
}

const STYLE = `
body{font-family:Tahoma,Arial,sans-serif;margin:0;color:#202124;background:#f1f3f4;line-height:1.6}
.bar{background:#fff;border-bottom:1px solid #dadce0;padding:.75rem 1.5rem;font-weight:bold;color:#3c4043}
main{max-width:46rem;margin:1.5rem auto;background:#fff;border:1px solid #dadce0;border-radius:8px;padding:1.5rem 2rem}
h1{font-size:1.5rem;margin:0 0 1rem}
fieldset{border:1px solid #dadce0;border-radius:6px;margin:1rem 0;padding:.75rem 1rem}
legend{font-weight:bold;padding:0 .25rem}
label{cursor:pointer}
.option{display:flex;gap:.5rem;align-items:center;margin:.35rem 0}
input[type=email]{font:inherit;padding:.45rem .6rem;border:1px solid #5f6368;border-radius:4px;width:100%;box-sizing:border-box}
.actions{display:flex;gap:.75rem;margin-top:1.25rem}
button{font:inherit;padding:.55rem 1.4rem;border-radius:4px;border:1px solid #1a73e8;cursor:pointer}
.primary{background:#1a73e8;color:#fff}.secondary{background:#fff;color:#1a5bb8}
:focus-visible{outline:3px solid #174ea6;outline-offset:2px}
.note{color:#4d5156;font-size:.9rem}.error{color:#b3261e;font-weight:bold}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #dadce0;padding:.5rem;text-align:right;vertical-align:top}
a{color:#1a5bb8}code,.ltr{direction:ltr;unicode-bidi:isolate}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}dt{font-weight:bold}dd{margin:0}
article{border-top:1px solid #dadce0;margin-top:1rem;padding-top:1rem;overflow-wrap:anywhere}
`;

export function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="ar" dir="rtl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} | Google (بيئة تجريبية)</title><link rel="icon" href="data:,"><style>${STYLE}</style></head>
<body><header class="bar">Google <span class="note">(بيئة تجريبية محلية)</span></header>
<main>${body}</main></body></html>`;
}

export function errorPage(code: number, error: string, description: string): string {
  return layout(
    'خطأ',
    `<h1>خطأ ${code}: <span class="ltr">${escapeHtml(error)}</span></h1><p>${escapeHtml(description)}</p>
<p class="note">رفضت Google (البيئة التجريبية) هذا الطلب، ولم يُمنح التطبيق أي صلاحية.</p>`,
  );
}

const SCOPE_LABELS: Record<string, string> = {
  openid: 'ربط هويتك في Google بهذا التطبيق',
  email: 'معرفة عنوان بريدك الإلكتروني الأساسي',
  'https://www.googleapis.com/auth/userinfo.email': 'معرفة عنوان بريدك الإلكتروني الأساسي',
  profile: 'معرفة معلومات ملفك الشخصي العامة',
  'https://www.googleapis.com/auth/userinfo.profile': 'معرفة معلومات ملفك الشخصي العامة',
};

export interface ConsentView {
  action: string;
  clientId: string;
  /** The request's parameters, carried to the decision. */
  hidden: Record<string, string>;
  scopes: string[];
  accounts: string[];
  typedEmail?: string;
  error?: string;
}

export function consentPage(view: ConsentView): string {
  const hidden = Object.entries(view.hidden)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('\n');
  const accounts = view.accounts
    .map(
      (a, i) =>
        `<div class="option"><input type="radio" name="account" id="account-${i}" value="${escapeHtml(a)}"${i === 0 && !view.typedEmail ? ' checked' : ''}>` +
        `<label for="account-${i}" class="ltr">${escapeHtml(a)}</label></div>`,
    )
    .join('\n');
  const scopeItems = view.scopes
    .map((scope, i) => {
      if (isSendScope(scope)) {
        return `<div class="option"><input type="checkbox" name="grant_send" value="1" id="scope-${i}" checked>
<label for="scope-${i}">إرسال البريد نيابةً عنك <span class="note ltr">(${escapeHtml(scope)})</span></label></div>`;
      }
      return `<div class="option">✓ <span>${escapeHtml(SCOPE_LABELS[scope] ?? scope)}</span></div>`;
    })
    .join('\n');
  const emailError = view.error ? `<p id="email-error" class="error" role="alert">${escapeHtml(view.error)}</p>` : '';
  return layout(
    'تسجيل الدخول باستخدام Google',
    `<h1>تسجيل الدخول باستخدام Google</h1>
<p>يطلب تطبيق <strong>سيرة</strong> الوصول إلى حسابك في Google.</p>
<p class="note">معرّف العميل: <code dir="ltr">${escapeHtml(view.clientId)}</code></p>
<p class="note">هذه صفحة موافقة تجريبية تحاكي Google على هذا الجهاز؛ لا يُرسل شيء إلى الإنترنت.</p>
<form method="post" action="${escapeHtml(view.action)}">
${hidden}
<fieldset><legend>اختر الحساب</legend>
${accounts}
<label for="email">${view.accounts.length ? 'أو اكتب عنوان حساب آخر' : 'عنوان بريد Gmail'}</label>
<input type="email" id="email" name="email" dir="ltr" autocomplete="email" value="${escapeHtml(view.typedEmail ?? '')}"${view.error ? ' aria-invalid="true" aria-describedby="email-error"' : ''}>
${emailError}
</fieldset>
<fieldset><legend>ما سيتمكن التطبيق من فعله</legend>
${scopeItems}
<p class="note">يمكنك إلغاء تحديد صلاحية الإرسال لتجربة رفضها.</p>
</fieldset>
<div class="actions">
<button type="submit" name="decision" value="approve" class="primary">السماح</button>
<button type="submit" name="decision" value="deny" class="secondary">رفض</button>
</div>
</form>`,
  );
}

export function mailboxIndexPage(base: string, mailboxes: Array<{ mailbox: string; count: number }>): string {
  const rows = mailboxes
    .map(
      (m) =>
        `<tr><td><a class="ltr" href="${base}/mail/${encodeURIComponent(m.mailbox)}">${escapeHtml(m.mailbox)}</a></td><td>${m.count}</td></tr>`,
    )
    .join('');
  return layout(
    'صناديق البريد',
    `<h1>صناديق البريد التجريبية</h1>
<p>كل حساب رُبط عبر صفحة الموافقة التجريبية، ومجلد «المرسل» الخاص به.</p>
${mailboxes.length ? `<table><thead><tr><th scope="col">الحساب</th><th scope="col">الرسائل المرسلة</th></tr></thead><tbody>${rows}</tbody></table>` : '<p>لا توجد حسابات بعد.</p>'}`,
  );
}

export function sentFolderPage(base: string, mailbox: string, messages: SentMessage[]): string {
  const rows = [...messages]
    .reverse()
    .map(
      (m) =>
        `<tr><td><a href="${base}/mail/${encodeURIComponent(mailbox)}/${m.id}">${escapeHtml(m.subject || '(بدون موضوع)')}</a></td>` +
        `<td class="ltr">${escapeHtml(m.to)}</td><td>${dateTime.format(m.receivedAt)}</td></tr>`,
    )
    .join('');
  return layout(
    `المرسل - ${mailbox}`,
    `<p><a href="${base}/mail">كل الحسابات</a></p>
<h1>البريد المرسل: <span class="ltr">${escapeHtml(mailbox)}</span></h1>
<p>${messages.length} رسالة، الأحدث أولًا.</p>
${messages.length ? `<table><thead><tr><th scope="col">الموضوع</th><th scope="col">إلى</th><th scope="col">التاريخ</th></tr></thead><tbody>${rows}</tbody></table>` : '<p>لم تُرسل أي رسالة من هذا الحساب بعد.</p>'}`,
  );
}

/** The message body as a person sees it: only formatting survives (no scripts, no remote loads). */
export function safeBody(parsed: ParsedMessage): string {
  if (parsed.html !== undefined) {
    return sanitizeHtml(parsed.html, {
      allowedTags: sanitizeHtml.defaults.allowedTags.filter((t) => t !== 'img'),
      allowedAttributes: { a: ['href'], '*': ['dir', 'lang'] },
      allowedSchemes: ['http', 'https', 'mailto'],
      transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
    });
  }
  return `<pre style="white-space:pre-wrap;font:inherit">${escapeHtml(parsed.text ?? '')}</pre>`;
}

const size = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} م.ب` : `${Math.max(1, Math.round(bytes / 1024))} ك.ب`;

export function messagePage(base: string, message: SentMessage, parsed: ParsedMessage): string {
  const folder = `${base}/mail/${encodeURIComponent(message.mailbox)}`;
  const attachments = parsed.attachments
    .map(
      (a, i) =>
        `<li><a href="${folder}/${message.id}/attachments/${i}" download>${escapeHtml(a.filename)}</a> <span class="note">(${escapeHtml(a.contentType)}، ${size(a.content.length)})</span></li>`,
    )
    .join('');
  const subject = header(parsed.headers, 'subject') || '(بدون موضوع)';
  return layout(
    subject,
    `<p><a href="${folder}">العودة إلى البريد المرسل</a></p>
<h1>${escapeHtml(subject)}</h1>
<dl><dt>من</dt><dd class="ltr">${escapeHtml(header(parsed.headers, 'from') ?? message.mailbox)}</dd>
<dt>إلى</dt><dd class="ltr">${escapeHtml(header(parsed.headers, 'to') ?? '')}</dd>
<dt>التاريخ</dt><dd>${dateTime.format(message.receivedAt)}</dd></dl>
<article dir="auto" lang="ar" aria-label="نص الرسالة">${safeBody(parsed)}</article>
<h2>المرفقات</h2>
${attachments ? `<ul>${attachments}</ul>` : '<p>لا توجد مرفقات.</p>'}`,
  );
}
