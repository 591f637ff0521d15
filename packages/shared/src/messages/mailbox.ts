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
  /** No linked mailbox of this user has that id (someone else's, or unlinked). */
  MAILBOX_NOT_FOUND: 'MAILBOX_NOT_FOUND',
  /** Production without MICROSOFT_CLIENT_ID / MICROSOFT_CLIENT_SECRET. */
  MICROSOFT_NOT_CONFIGURED: 'MICROSOFT_NOT_CONFIGURED',
  /** The address belongs to a provider that takes no password over SMTP (Outlook.com): link it as Microsoft. */
  SMTP_USE_MICROSOFT: 'SMTP_USE_MICROSOFT',
  /** "Test connection" of a mailbox that is not an SMTP one. */
  NOT_SMTP_MAILBOX: 'NOT_SMTP_MAILBOX',
} as const;
type MailboxErrorCode = keyof typeof mailboxErrorCodes;

const messageByCode: Record<MailboxErrorCode, string> = {
  MAILBOX_NOT_CONFIGURED: mailboxCallbackText.not_configured.message,
  MAILBOX_NOT_LINKED: 'لا يوجد حساب Gmail مرتبط.',
  MAILBOX_NOT_FOUND: 'لم نجد هذا البريد بين صناديق بريدك المرتبطة.',
  MICROSOFT_NOT_CONFIGURED: 'ربط بريد Microsoft غير متاح حالياً. اربط Gmail أو بريداً عبر SMTP، أو تواصل معنا.',
  SMTP_USE_MICROSOFT: 'بريد Outlook وHotmail لا يقبل كلمة مرور عبر SMTP. اربطه من خيار «بريد Microsoft».',
  NOT_SMTP_MAILBOX: 'اختبار الاتصال متاح لصناديق SMTP فقط.',
};

/** Why "test connection" failed, in the user's words (the codes of the server's SMTP test). */
export const smtpTestText: Record<string, string> = {
  'host-invalid': 'اسم الخادم غير صالح. انسخه كما يذكره مزوّد بريدك، مثل smtp.mail.yahoo.com.',
  'port-invalid': 'رقم المنفذ غير صالح: المنافذ المعتادة 465 (TLS) أو 587 (STARTTLS).',
  'tls-required': 'يجب أن يكون الاتصال مشفّراً (TLS أو STARTTLS).',
  'user-invalid': 'اسم المستخدم فارغ أو غير صالح، وهو عادةً عنوان بريدك كاملاً.',
  'password-missing': 'أدخل كلمة مرور التطبيق التي أنشأتها في إعدادات حماية بريدك.',
  'host-not-found': 'لم نجد خادماً بهذا الاسم. تأكد من كتابته.',
  'address-not-allowed': 'لا يمكن الاتصال بهذا الخادم: عنوانه ليس عنواناً عاماً على الإنترنت.',
  'connection-refused': 'رفض الخادم الاتصال على هذا المنفذ. تأكد من رقم المنفذ.',
  timeout: 'لم يرد الخادم في الوقت المحدد. تأكد من اسم الخادم ورقم المنفذ.',
  'tls-failed': 'تعذّر إنشاء اتصال مشفّر. جرّب 465 مع TLS أو 587 مع STARTTLS.',
  'auth-refused': 'رفض مزوّد البريد اسم المستخدم أو كلمة مرور التطبيق. أنشئ كلمة مرور تطبيق جديدة وأعد المحاولة.',
  'tls-required-by-server': 'يطلب الخادم STARTTLS قبل تسجيل الدخول.',
  'protocol-error': 'ما أجاب على هذا المنفذ ليس خادم بريد SMTP.',
  'network-error': 'انقطع الاتصال بالخادم. أعد المحاولة.',
};

export function mailboxMessage(code: string | undefined): string | undefined {
  return code && code in messageByCode ? messageByCode[code as MailboxErrorCode] : undefined;
}
