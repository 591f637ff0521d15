import { layout } from './system-templates';

/**
 * The e-mails that tell a user something changed on their account (ADR 012): someone who has their session or
 * their inbox could do it without them, and this message is how they find out. Each leads to the dashboard,
 * where "sign out everywhere" is.
 */

const NOT_YOU =
  'إذا لم تقم بهذا التغيير، أعد تعيين كلمة المرور فوراً من صفحة تسجيل الدخول، ثم اختر «تسجيل الخروج من جميع الأجهزة» في لوحة التحكم.';

export function passwordChangedEmail(dashboardUrl: string) {
  return {
    subject: 'تم تغيير كلمة المرور لحسابك في سيرة',
    ...layout(
      'تم تغيير كلمة المرور',
      'نُعلمك بأن كلمة المرور لحسابك في سيرة قد تغيّرت، وتم تسجيل الخروج من جميع الأجهزة. استخدم كلمة المرور الجديدة لتسجيل الدخول.',
      'الذهاب إلى لوحة التحكم',
      dashboardUrl,
      NOT_YOU,
    ),
  };
}

export function mailboxLinkedEmail(dashboardUrl: string, gmailAddress: string) {
  return {
    subject: 'تم ربط بريد Gmail بحسابك في سيرة',
    ...layout(
      'تم ربط بريد Gmail',
      `تم ربط البريد ${gmailAddress} بحسابك في سيرة، وستُرسل طلبات التوظيف منه من الآن.`,
      'الذهاب إلى لوحة التحكم',
      dashboardUrl,
      NOT_YOU,
    ),
  };
}

export function mailboxUnlinkedEmail(dashboardUrl: string, gmailAddress: string) {
  return {
    subject: 'تم إلغاء ربط بريد Gmail من حسابك في سيرة',
    ...layout(
      'تم إلغاء ربط بريد Gmail',
      `تم إلغاء ربط البريد ${gmailAddress} من حسابك في سيرة، وأُلغيت صلاحية سيرة للإرسال منه. الرسائل المجدولة معلّقة حتى تربط بريداً من جديد.`,
      'الذهاب إلى لوحة التحكم',
      dashboardUrl,
      NOT_YOU,
    ),
  };
}
