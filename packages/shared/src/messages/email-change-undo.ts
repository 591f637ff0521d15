import { EMAIL_CHANGE_UNDO_DAYS } from '../rules/my-data';
import { dayCount } from './account-security';

/** The page that undoes an e-mail change (/email-change-undo/:token, ADR 012), reached from the notice mailed to the old address. */
export const emailChangeUndoText = {
  title: 'إلغاء تغيير البريد الإلكتروني',
  intro: 'تغيّر البريد الإلكتروني لحسابك في سيرة. إذا لم تقم بهذا التغيير، ألغِه هنا لتستعيد حسابك.',
  oldEmailLabel: 'البريد السابق',
  newEmailLabel: 'البريد الجديد',
  changedAtLabel: 'تاريخ التغيير',
  undoUntilLabel: 'يمكن الإلغاء حتى',
  whatHappens: 'عند الإلغاء:',
  steps: [
    'يعود حسابك إلى بريدك السابق، ولا يمكن الدخول بالبريد الجديد.',
    'يُسجَّل الخروج من جميع الأجهزة.',
    'تُلغى كلمة المرور الحالية، ثم تختار كلمة مرور جديدة مباشرة.',
  ],
  undo: 'إلغاء التغيير واستعادة حسابي',
  done: 'عاد حسابك إلى بريدك السابق وسُجّل الخروج من جميع الأجهزة. اختر الآن كلمة مرور جديدة.',
  loading: 'جارٍ التحقق من الرابط…',
  loadFailed: 'تعذّر التحقق من الرابط.',
  retry: 'إعادة المحاولة',
  login: 'تسجيل الدخول',
  support: 'التواصل مع الدعم',
} as const;

const emailChangeUndoErrorCodes = {
  /** Not a token this installation signed, or its change is gone with the account. */
  EMAIL_CHANGE_UNDO_INVALID: 'EMAIL_CHANGE_UNDO_INVALID',
  /** The change is older than EMAIL_CHANGE_UNDO_DAYS. */
  EMAIL_CHANGE_UNDO_EXPIRED: 'EMAIL_CHANGE_UNDO_EXPIRED',
  /** The change was undone already (by this link, or by undoing an earlier change of the account). */
  EMAIL_CHANGE_ALREADY_UNDONE: 'EMAIL_CHANGE_ALREADY_UNDONE',
  /** Another confirmed account has the old address now. */
  EMAIL_CHANGE_UNDO_ADDRESS_TAKEN: 'EMAIL_CHANGE_UNDO_ADDRESS_TAKEN',
} as const;
type EmailChangeUndoErrorCode = keyof typeof emailChangeUndoErrorCodes;

const messageByCode: Record<EmailChangeUndoErrorCode, string> = {
  EMAIL_CHANGE_UNDO_INVALID: 'هذا الرابط غير صالح. تأكد من فتحه كاملاً كما وصل في الرسالة.',
  EMAIL_CHANGE_UNDO_EXPIRED: `انتهت صلاحية هذا الرابط: يمكن إلغاء تغيير البريد خلال ${dayCount(EMAIL_CHANGE_UNDO_DAYS)} فقط. تواصل مع الدعم لاستعادة حسابك.`,
  EMAIL_CHANGE_ALREADY_UNDONE:
    'أُلغي هذا التغيير من قبل وعاد الحساب إلى بريدك السابق. سجّل الدخول، أو استعد كلمة المرور من صفحة تسجيل الدخول.',
  EMAIL_CHANGE_UNDO_ADDRESS_TAKEN: 'بريدك السابق مستخدم الآن في حساب آخر مفعّل، فلا يمكن إعادة الحساب إليه. تواصل مع الدعم لاستعادة حسابك.',
};

export function emailChangeUndoMessage(code: string | undefined): string | undefined {
  return code && code in messageByCode ? messageByCode[code as EmailChangeUndoErrorCode] : undefined;
}
