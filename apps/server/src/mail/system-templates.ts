/** Arabic, right-to-left system e-mails with a button and the plain link for clients that hide buttons. */

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function layout(title: string, intro: string, action: string, url: string, note: string): { html: string; text: string } {
  const safeUrl = escapeHtml(url);
  const html = `<!doctype html>
<html lang="ar" dir="rtl"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;background:#f1f3f5;font-family:Tahoma,Arial,sans-serif;direction:rtl;text-align:right">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#fff;border-radius:12px;padding:32px">
<tr><td style="font-size:24px;font-weight:bold;color:#0b7285">سيرة</td></tr>
<tr><td style="padding-top:16px;font-size:18px;font-weight:bold;color:#212529">${escapeHtml(title)}</td></tr>
<tr><td style="padding-top:12px;font-size:15px;line-height:1.8;color:#343a40">${escapeHtml(intro)}</td></tr>
<tr><td style="padding:24px 0"><a href="${safeUrl}" style="background:#0b7285;color:#fff;padding:12px 24px;border-radius:8px;text-decoration:none;font-weight:bold;display:inline-block">${escapeHtml(action)}</a></td></tr>
<tr><td style="font-size:13px;color:#495057;line-height:1.8">إذا لم يعمل الزر، انسخ الرابط التالي والصقه في المتصفح:<br><a href="${safeUrl}" style="color:#0b7285;word-break:break-all" dir="ltr">${safeUrl}</a></td></tr>
<tr><td style="padding-top:16px;font-size:13px;color:#868e96">${escapeHtml(note)}</td></tr>
</table></td></tr></table></body></html>`;
  const text = `${title}\n\n${intro}\n\n${action}: ${url}\n\n${note}\n\nسيرة`;
  return { html, text };
}

export function confirmationEmail(url: string) {
  return {
    subject: 'تفعيل حسابك في سيرة',
    ...layout(
      'مرحباً بك في سيرة',
      'شكراً لتسجيلك. لتفعيل حسابك والبدء في إرسال سيرتك الذاتية، يرجى تأكيد بريدك الإلكتروني بالضغط على الزر أدناه.',
      'تفعيل البريد الإلكتروني',
      url,
      'إذا لم تقم بإنشاء حساب في سيرة، يمكنك تجاهل هذه الرسالة.',
    ),
  };
}

export function resetPasswordEmail(url: string) {
  return {
    subject: 'إعادة تعيين كلمة المرور في سيرة',
    ...layout(
      'إعادة تعيين كلمة المرور',
      'تلقينا طلباً لإعادة تعيين كلمة المرور لحسابك. اضغط على الزر أدناه لاختيار كلمة مرور جديدة. الرابط صالح لمدة ساعة واحدة ويُستخدم مرة واحدة فقط.',
      'تعيين كلمة مرور جديدة',
      url,
      'إذا لم تطلب إعادة تعيين كلمة المرور، تجاهل هذه الرسالة وستبقى كلمة مرورك كما هي.',
    ),
  };
}

/** The "my data" page's e-mail change: sent to the new address, which takes effect when the link is opened. */
export function emailChangeEmail(url: string) {
  return {
    subject: 'تأكيد بريدك الإلكتروني الجديد في سيرة',
    ...layout(
      'تأكيد تغيير البريد الإلكتروني',
      'طُلب تغيير البريد الإلكتروني لحسابك في سيرة إلى هذا العنوان. لن يتغير البريد حتى تضغط على الزر أدناه. الرابط صالح لمدة 24 ساعة.',
      'تأكيد البريد الجديد',
      url,
      'إذا لم تطلب هذا التغيير، تجاهل هذه الرسالة وسيبقى البريد كما هو.',
    ),
  };
}
