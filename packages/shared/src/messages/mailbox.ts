/**
 * Linking the user's own Gmail (spec §2 /send-resume, §4 "Mail link", §8): Arabic texts, the callback's
 * results and the error codes of /api/mailbox with the text each one shows.
 */
import { messageCount } from '../format';

/** Why a link was dropped without the user asking: shown until they link again. */
export const MAILBOX_NOTICES = ['invalid_grant'] as const;
export type MailboxNotice = (typeof MAILBOX_NOTICES)[number];

/** What the OAuth callback reports back to /send-resume in `?mailbox=<result>`. */
export const MAILBOX_CALLBACK_RESULTS = [
  'linked',
  'denied',
  'scope_missing',
  'email_unverified',
  'state_invalid',
  'not_configured',
  'failed',
] as const;
export type MailboxCallbackResult = (typeof MAILBOX_CALLBACK_RESULTS)[number];
export const MAILBOX_CALLBACK_PARAM = 'mailbox';

export const mailboxText = {
  title: 'ربط حساب Gmail',
  intro: 'تُرسل سيرتك الذاتية من بريدك في Gmail مباشرة، وتظهر الرسائل في مجلد المرسل لديك. نطلب صلاحية الإرسال فقط، ولا نقرأ بريدك.',
  loading: 'جارٍ التحقق من حالة الربط…',
  loadFailed: 'تعذر التحقق من حالة ربط البريد.',
  retry: 'إعادة المحاولة',
  linked: 'مرتبط',
  notLinked: 'غير مرتبط',
  linkedAs: 'بريدك المرتبط:',
  notLinkedHint: 'اربط حسابك في Gmail لتتمكن من إرسال سيرتك الذاتية.',
  connect: 'ربط حساب Gmail',
  connecting: 'جارٍ التحويل إلى Google…',
  relink: 'إعادة الربط',
  unlink: 'إلغاء الربط',
  unlinking: 'جارٍ إلغاء الربط…',
  confirmUnlinkTitle: 'إلغاء ربط Gmail',
  confirmUnlink: 'سيتم إلغاء صلاحية الإرسال من بريدك في Google. يمكنك إعادة الربط في أي وقت.',
  confirmUnlinkActive: (n: number) =>
    `لديك ${messageCount(n)} قيد الانتظار أو الإرسال. إذا ألغيت الربط فسيتوقف الإرسال ولن يُستأنف حتى تعيد ربط بريدك.`,
  confirmUnlinkButton: 'نعم، إلغاء الربط',
  cancel: 'إلغاء',
  unlinked: 'تم إلغاء ربط Gmail بنجاح',
  unlinkFailed: 'فشل إلغاء ربط Gmail',
  connectFailed: 'تعذر بدء ربط Gmail',
  /** Spec §8, verbatim: shown after a refresh answered invalid_grant. */
  invalidGrant: 'تم إلغاء ربط Gmail. يرجى إعادة الربط.',
  pausedUntil: (when: string) => `بلغ بريدك حد الإرسال اليومي في Gmail. سيُستأنف الإرسال تلقائيًا في ${when}.`,
  heldDeliveries: (n: number) => `توقفت ${messageCount(n)} بانتظار إعادة ربط بريدك.`,
  lastChecked: (when: string) => `آخر تحقق: ${when}`,
} as const;

/** The message shown for each `?mailbox=` result, and whether it is good news. */
export const mailboxCallbackText: Record<MailboxCallbackResult, { message: string; ok: boolean }> = {
  linked: { message: 'تم ربط حساب Gmail بنجاح', ok: true },
  denied: { message: 'لم يتم ربط Gmail لأنك لم توافق على الطلب في صفحة Google.', ok: false },
  scope_missing: {
    message: 'لم يتم ربط Gmail: يجب السماح بصلاحية "إرسال البريد نيابةً عنك" في صفحة Google. أعد الربط وتأكد من تحديد هذه الصلاحية.',
    ok: false,
  },
  email_unverified: {
    message: 'لم يتم ربط Gmail: عنوان البريد في حساب Google هذا غير مؤكد. أكّد بريدك في إعدادات حساب Google ثم أعد الربط.',
    ok: false,
  },
  state_invalid: { message: 'انتهت صلاحية طلب الربط أو أنه غير صالح. يرجى المحاولة مرة أخرى.', ok: false },
  not_configured: { message: 'إعدادات ربط البريد غير مكتملة. يرجى التواصل مع الدعم.', ok: false },
  failed: { message: 'تعذر إكمال ربط Gmail. يرجى المحاولة مرة أخرى.', ok: false },
};

export function isMailboxCallbackResult(value: string | null): value is MailboxCallbackResult {
  return value !== null && (MAILBOX_CALLBACK_RESULTS as readonly string[]).includes(value);
}

const mailboxErrorCodes = {
  /** The admin has not stored a client secret or a redirect URI yet. */
  MAILBOX_NOT_CONFIGURED: 'MAILBOX_NOT_CONFIGURED',
  /** Unlink asked while nothing is linked. */
  MAILBOX_NOT_LINKED: 'MAILBOX_NOT_LINKED',
} as const;
type MailboxErrorCode = keyof typeof mailboxErrorCodes;

const messageByCode: Record<MailboxErrorCode, string> = {
  MAILBOX_NOT_CONFIGURED: mailboxCallbackText.not_configured.message,
  MAILBOX_NOT_LINKED: 'لا يوجد حساب Gmail مرتبط.',
};

export function mailboxMessage(code: string | undefined): string | undefined {
  return code && code in messageByCode ? messageByCode[code as MailboxErrorCode] : undefined;
}
