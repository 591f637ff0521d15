import { header, type ParsedMessage, parseMessage } from '../google/mime';
import { escapeHtml, safeBody } from '../google/pages';
import type { SentMessage } from '../google/store';

/**
 * The sandbox's pages for a person: Microsoft's sign-in and consent screen and each mailbox's Sent Items.
 * Arabic first with the English Microsoft shows, RTL, plain HTML with no script; every value is escaped and a
 * message body is sanitised before it is shown.
 */

const dateTime = new Intl.DateTimeFormat('ar-SA', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Riyadh' });

const STYLE = `
body{font-family:"Segoe UI",Tahoma,Arial,sans-serif;margin:0;color:#1b1b1b;background:#f2f2f2;line-height:1.6}
.bar{background:#fff;border-bottom:1px solid #d6d6d6;padding:.75rem 1.5rem;font-weight:600}
main{max-width:46rem;margin:1.5rem auto;background:#fff;border:1px solid #d6d6d6;padding:1.5rem 2rem}
h1{font-size:1.5rem;margin:0 0 1rem}
fieldset{border:1px solid #d6d6d6;margin:1rem 0;padding:.75rem 1rem}
legend{font-weight:600;padding:0 .25rem}
label{cursor:pointer}
.option{display:flex;gap:.5rem;align-items:center;margin:.35rem 0}
input[type=email]{font:inherit;padding:.45rem .6rem;border:1px solid #666;width:100%;box-sizing:border-box}
.actions{display:flex;gap:.75rem;margin-top:1.25rem}
button{font:inherit;padding:.5rem 1.4rem;border:1px solid #0067b8;cursor:pointer}
.primary{background:#0067b8;color:#fff}.secondary{background:#fff;color:#005a9e}
:focus-visible{outline:3px solid #004e8c;outline-offset:2px}
.en,.note{color:#505050;font-size:.9rem}.error{color:#a4262c;font-weight:600}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #d6d6d6;padding:.5rem;text-align:right;vertical-align:top}
a{color:#005a9e}code,.ltr,.en{direction:ltr;unicode-bidi:isolate}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}dt{font-weight:600}dd{margin:0}
article{border-top:1px solid #d6d6d6;margin-top:1rem;padding-top:1rem;overflow-wrap:anywhere}
`;

/** Arabic, then the English on its own line, as the rest of a bilingual page. */
const both = (ar: string, en: string) => `${ar} <span class="en" lang="en">${en}</span>`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="ar" dir="rtl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} | Microsoft (بيئة تجريبية)</title><link rel="icon" href="data:,"><style>${STYLE}</style></head>
<body><header class="bar">Microsoft <span class="note">(بيئة تجريبية محلية — local sandbox)</span></header>
<main>${body}</main></body></html>`;
}

export function errorPage(status: number, code: string, description: string): string {
  return layout(
    'خطأ',
    `<h1>${both('تعذّر تسجيل الدخول', 'Sorry, but we’re having trouble signing you in.')}</h1>
<p class="ltr" lang="en"><strong>${escapeHtml(code)}</strong> (${status}): ${escapeHtml(description)}</p>
<p class="note">رفضت Microsoft (البيئة التجريبية) هذا الطلب، ولم يُمنح التطبيق أي صلاحية.</p>`,
  );
}

const SCOPE_LABELS: Record<string, [string, string]> = {
  offline_access: ['الإبقاء على الوصول إلى البيانات التي منحته إياها', 'Maintain access to data you have given it access to'],
  'Mail.Send': ['إرسال البريد باسمك', 'Send mail as you'],
  'User.Read': ['تسجيل دخولك وقراءة ملفك الشخصي', 'Sign you in and read your profile'],
  'Mail.ReadWrite': ['قراءة بريدك والكتابة فيه', 'Read and write access to your mail'],
  openid: ['تسجيل دخولك', 'Sign you in'],
  email: ['عرض عنوان بريدك الإلكتروني', 'View your email address'],
  profile: ['عرض ملفك الشخصي الأساسي', 'View your basic profile'],
};

export interface ConsentView {
  action: string;
  clientId: string;
  hidden: Record<string, string>;
  scopes: string[];
  accounts: string[];
  typedEmail?: string;
  accountType?: 'consumer' | 'organization';
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
  const scopes = view.scopes
    .map((s) => {
      const [ar, en] = SCOPE_LABELS[s] ?? [s, s];
      return `<li>${both(escapeHtml(ar), escapeHtml(en))} <code class="note">${escapeHtml(s)}</code></li>`;
    })
    .join('\n');
  const type = view.accountType ?? 'consumer';
  const error = view.error ? `<p id="email-error" class="error" role="alert">${escapeHtml(view.error)}</p>` : '';
  return layout(
    'طلب أذونات',
    `<h1>${both('طلب أذونات', 'Permissions requested')}</h1>
<p>يطلب تطبيق <strong>سيرة</strong> الأذونات التالية. <span class="en" lang="en">Sira would like to:</span></p>
<p class="note">معرّف التطبيق (Application ID): <code dir="ltr">${escapeHtml(view.clientId)}</code></p>
<p class="note">هذه صفحة تجريبية تحاكي Microsoft على هذا الجهاز؛ لا يُرسل شيء إلى الإنترنت.</p>
<form method="post" action="${escapeHtml(view.action)}">
${hidden}
<fieldset><legend>${both('الحساب', 'Account')}</legend>
${accounts}
<label for="email">${view.accounts.length ? 'أو اكتب عنوان حساب آخر' : 'عنوان البريد (Outlook.com أو Microsoft 365)'}</label>
<input type="email" id="email" name="email" dir="ltr" autocomplete="email" value="${escapeHtml(view.typedEmail ?? '')}"${view.error ? ' aria-invalid="true" aria-describedby="email-error"' : ''}>
${error}
</fieldset>
<fieldset><legend>${both('نوع الحساب', 'Account type')}</legend>
<div class="option"><input type="radio" name="account_type" id="type-consumer" value="consumer"${type === 'consumer' ? ' checked' : ''}>
<label for="type-consumer">${both('حساب Microsoft شخصي (Outlook.com، Hotmail)', 'Personal Microsoft account')}</label></div>
<div class="option"><input type="radio" name="account_type" id="type-organization" value="organization"${type === 'organization' ? ' checked' : ''}>
<label for="type-organization">${both('حساب عمل أو مؤسسة تعليمية (Microsoft 365)', 'Work or school account')}</label></div>
<p class="note">يُحفظ نوع الحساب لكل عنوان عند أول موافقة.</p>
</fieldset>
<fieldset><legend>${both('ما سيتمكن التطبيق من فعله', 'This app would like to')}</legend>
<ul>${scopes}</ul>
</fieldset>
<div class="actions">
<button type="submit" name="decision" value="approve" class="primary">قبول <span lang="en">Accept</span></button>
<button type="submit" name="decision" value="deny" class="secondary">إلغاء <span lang="en">Cancel</span></button>
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
    `<h1>${both('صناديق البريد التجريبية', 'Sandbox mailboxes')}</h1>
<p>كل حساب Microsoft رُبط عبر صفحة الموافقة التجريبية، ومجلد «العناصر المرسلة» الخاص به.</p>
${mailboxes.length ? `<table><thead><tr><th scope="col">الحساب</th><th scope="col">الرسائل المرسلة</th></tr></thead><tbody>${rows}</tbody></table>` : '<p>لا توجد حسابات بعد.</p>'}`,
  );
}

export const sizeLabel = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(2)} م.ب` : `${Math.max(1, Math.round(bytes / 1024))} ك.ب`;

/** A sent message's attachments, read from its MIME when the page is shown. */
export function attachmentsOf(message: SentMessage): Array<{ filename: string; contentType: string; size: number }> {
  return parseMessage(message.raw).attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, size: a.content.length }));
}

export function sentFolderPage(base: string, mailbox: string, messages: SentMessage[]): string {
  const rows = [...messages]
    .reverse()
    .map((m) => {
      const files = attachmentsOf(m)
        .map(
          (a) =>
            `<span class="ltr">${escapeHtml(a.filename)}</span> <span class="note" data-bytes="${a.size}">(${sizeLabel(a.size)})</span>`,
        )
        .join('<br>');
      return (
        `<tr><td><a href="${base}/mail/${encodeURIComponent(mailbox)}/${m.id}">${escapeHtml(m.subject || '(بدون موضوع)')}</a></td>` +
        `<td class="ltr">${escapeHtml(m.to)}</td><td>${files || '—'}</td><td>${dateTime.format(m.receivedAt)}</td></tr>`
      );
    })
    .join('');
  return layout(
    `العناصر المرسلة - ${mailbox}`,
    `<p><a href="${base}/mail">كل الحسابات</a></p>
<h1>${both('العناصر المرسلة', 'Sent Items')}: <span class="ltr">${escapeHtml(mailbox)}</span></h1>
<p>${messages.length} رسالة، الأحدث أولًا.</p>
${messages.length ? `<table><thead><tr><th scope="col">الموضوع</th><th scope="col">إلى</th><th scope="col">المرفقات</th><th scope="col">التاريخ</th></tr></thead><tbody>${rows}</tbody></table>` : '<p>لم تُرسل أي رسالة من هذا الحساب بعد.</p>'}`,
  );
}

export function messagePage(base: string, message: SentMessage, parsed: ParsedMessage): string {
  const folder = `${base}/mail/${encodeURIComponent(message.mailbox)}`;
  const attachments = parsed.attachments
    .map(
      (a, i) =>
        `<li><a href="${folder}/${message.id}/attachments/${i}" download>${escapeHtml(a.filename)}</a> <span class="note">(${escapeHtml(a.contentType)}، ${sizeLabel(a.content.length)})</span></li>`,
    )
    .join('');
  const subject = header(parsed.headers, 'subject') || '(بدون موضوع)';
  const unsubscribe = header(parsed.headers, 'list-unsubscribe');
  return layout(
    subject,
    `<p><a href="${folder}">العودة إلى العناصر المرسلة</a></p>
<h1>${escapeHtml(subject)}</h1>
<dl><dt>من</dt><dd class="ltr">${escapeHtml(header(parsed.headers, 'from') ?? message.mailbox)}</dd>
<dt>إلى</dt><dd class="ltr">${escapeHtml(header(parsed.headers, 'to') ?? '')}</dd>
<dt>التاريخ</dt><dd>${dateTime.format(message.receivedAt)}</dd>
${unsubscribe ? `<dt>List-Unsubscribe</dt><dd class="ltr">${escapeHtml(unsubscribe)}</dd>` : ''}</dl>
<article dir="auto" lang="ar" aria-label="نص الرسالة">${safeBody(parsed)}</article>
<h2>المرفقات</h2>
${attachments ? `<ul>${attachments}</ul>` : '<p>لا توجد مرفقات.</p>'}`,
  );
}
