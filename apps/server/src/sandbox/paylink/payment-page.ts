import type { SandboxInvoice } from './sandbox-state';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const riyals = (n: number) => `${new Intl.NumberFormat('ar-SA', { maximumFractionDigits: 2 }).format(n)} ريال`;

const style = `
body{font-family:Tahoma,Arial,sans-serif;margin:0;background:#f1f3f5;color:#212529;line-height:1.6}
main{max-width:34rem;margin:2rem auto;background:#fff;border-radius:12px;padding:1.5rem 1.75rem;box-shadow:0 1px 4px rgba(0,0,0,.08)}
h1{font-size:1.4rem;margin:0 0 .25rem}
.note{background:#fff3bf;color:#5c3c00;border-radius:8px;padding:.6rem .8rem;font-size:.95rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:.4rem 1rem;margin:1.25rem 0}
dt{color:#495057}dd{margin:0;font-weight:700}
.amount{font-size:1.6rem;color:#0b7285}
.actions{display:flex;flex-wrap:wrap;gap:.75rem;margin-top:1.5rem}
.actions form{margin:0}
button{font:inherit;font-weight:700;border-radius:8px;padding:.7rem 1.2rem;cursor:pointer;border:2px solid transparent}
button:focus-visible{outline:3px solid #1864ab;outline-offset:2px}
.pay{background:#0b7285;color:#fff}.decline{background:#fff;color:#c92a2a;border-color:#c92a2a}.cancel{background:#fff;color:#343a40;border-color:#868e96}
.status{font-weight:700}`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="ar" dir="rtl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="same-origin"><link rel="icon" href="data:,">
<title>${escapeHtml(title)} | Paylink (بيئة تجريبية)</title><style>${style}</style></head>
<body><main>${body}</main></body></html>`;
}

/**
 * Paylink's hosted payment page, as the sandbox plays it: the order, the amount, and three outcomes a tester
 * can choose — pay, a declined card, or cancel. Each is a plain form post (works without JavaScript).
 */
export function paymentPage(invoice: SandboxInvoice, actionBase: string): string {
  const details = `<dl>
<dt>رقم العملية</dt><dd dir="ltr">${escapeHtml(invoice.transactionNo)}</dd>
<dt>رقم الطلب</dt><dd dir="ltr">${escapeHtml(invoice.orderNumber)}</dd>
<dt>العميل</dt><dd>${escapeHtml(invoice.clientName)}</dd>
<dt>المنتج</dt><dd>${invoice.products.map((p) => escapeHtml(p.title)).join('، ')}</dd>
<dt>المبلغ</dt><dd class="amount">${riyals(invoice.amount)}</dd>
</dl>`;
  const intro = `<h1>الدفع عبر Paylink</h1>
<p class="note" role="note">هذه بيئة دفع تجريبية محلية: لا تُدخل بيانات بطاقة ولا يُخصم أي مبلغ حقيقي.</p>`;

  if (invoice.orderStatus === 'Paid') {
    return page('تم الدفع', `${intro}${details}<p class="status" role="status">تم دفع هذه الفاتورة مسبقاً.</p>`);
  }
  if (invoice.orderStatus === 'Canceled') {
    return page('فاتورة ملغاة', `${intro}${details}<p class="status" role="status">أُلغيت هذه الفاتورة ولا يمكن دفعها.</p>`);
  }
  const declined = invoice.paymentErrors.length ? '<p class="status" role="alert">رُفضت المحاولة السابقة. يمكنك المحاولة مرة أخرى.</p>' : '';
  const action = (name: string, label: string, cls: string) =>
    `<form method="post" action="${escapeHtml(`${actionBase}/${name}`)}"><button type="submit" class="${cls}">${label}</button></form>`;
  return page(
    'إتمام الدفع',
    `${intro}${details}${declined}
<div class="actions">
${action('pay', 'ادفع الآن', 'pay')}
${action('decline', 'محاكاة رفض البطاقة', 'decline')}
${action('cancel', 'إلغاء الدفع', 'cancel')}
</div>`,
  );
}

export function notFoundPage(): string {
  return page('فاتورة غير موجودة', '<h1>الفاتورة غير موجودة</h1><p>لم نعثر على هذه الفاتورة في بيئة Paylink التجريبية.</p>');
}
