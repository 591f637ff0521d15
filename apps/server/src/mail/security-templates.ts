import { isolateLtrRuns } from '@sira/shared/bidi';
import { dayCount } from '@sira/shared/messages/account-security';
import { EMAIL_CHANGE_UNDO_DAYS } from '@sira/shared/rules/my-data';
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

/** What undoing an e-mail change does, said where its link is offered. */
const UNDO_EFFECT = `يعود الحساب إلى هذا البريد، ويُسجَّل الخروج من جميع الأجهزة، ثم تختار كلمة مرور جديدة. الرابط صالح ${dayCount(EMAIL_CHANGE_UNDO_DAYS)} من تغيير البريد.`;

/**
 * To the address the account had before an e-mail change, once the new address confirmed it (ADR 012): the
 * account now signs in with the new address, so this is the last message the old one gets, and its link
 * undoes the change.
 */
export function emailChangedEmail(undoUrl: string, change: { oldEmail: string; newEmail: string }) {
  return {
    subject: 'تم تغيير البريد الإلكتروني لحسابك في سيرة',
    ...layout(
      'تم تغيير البريد الإلكتروني',
      isolateLtrRuns(
        `تغيّر البريد الإلكتروني لحسابك في سيرة من ${change.oldEmail} إلى ${change.newEmail}، وسُجّل الخروج من الأجهزة الأخرى. إذا لم تقم بهذا التغيير، فاضغط الزر أدناه لإلغائه واستعادة حسابك: ${UNDO_EFFECT}`,
      ),
      'إلغاء التغيير واستعادة حسابي',
      undoUrl,
      'إذا كنت أنت من غيّر البريد، فلا حاجة لفعل شيء.',
    ),
  };
}

/**
 * To an address the account had until an e-mail change of the last days, when the password is then reset:
 * a change of address followed by a new password is how a borrowed session takes an account over (ADR 012).
 */
export function passwordChangedAfterEmailChangeEmail(undoUrl: string, change: { oldEmail: string; newEmail: string }) {
  return {
    subject: 'تم تغيير كلمة المرور لحسابك في سيرة بعد تغيير بريده',
    ...layout(
      'تم تغيير كلمة المرور',
      isolateLtrRuns(
        `تغيّرت كلمة المرور لحسابك في سيرة، بعد أن تغيّر بريده من ${change.oldEmail} إلى ${change.newEmail}. إذا لم تقم بهذين التغييرين، فاضغط الزر أدناه لإلغاء تغيير البريد واستعادة حسابك: ${UNDO_EFFECT}`,
      ),
      'إلغاء التغيير واستعادة حسابي',
      undoUrl,
      'إذا كنت أنت من قام بالتغييرين، فلا حاجة لفعل شيء.',
    ),
  };
}
