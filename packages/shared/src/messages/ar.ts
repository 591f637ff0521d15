import { countOf, NOUNS } from '../format';

/**
 * Arabic texts of the spec, copied verbatim, and the mapping from API error codes to them.
 * The API answers errors as `{ code }`; only the web turns a code into words.
 */
export const ar = {
  app: {
    name: 'سيرة',
    tagline: 'أرسل سيرتك الذاتية إلى آلاف الشركات في السعودية من بريدك أنت',
    notFoundTitle: 'الصفحة غير موجودة',
    notFoundBody: 'عذراً، لم نجد الصفحة التي تبحث عنها. ربما نُقلت أو حُذفت.',
    backHome: 'العودة إلى الصفحة الرئيسية',
    skipToContent: 'تخطَّ إلى المحتوى',
    loading: 'جارٍ التحميل…',
  },
  nav: {
    home: 'الرئيسية',
    pricing: 'الأسعار',
    about: 'من نحن',
    support: 'الدعم',
    login: 'تسجيل الدخول',
    register: 'حساب جديد',
    dashboard: 'لوحة التحكم',
    logout: 'تسجيل الخروج',
    admin: 'لوحة المشرف',
    menu: 'القائمة',
    mainNav: 'التنقل الرئيسي',
  },
  footer: {
    loadFailed: 'عذراً، تعذر تحميل محتوى التذييل حالياً.',
    paymentMethods: 'طرق الدفع المقبولة',
    contact: 'تواصل معنا',
    followUs: 'تابعنا',
    /** Said after a link that opens another tab (read by screen readers, not shown). */
    opensInNewTab: '(يفتح في نافذة جديدة)',
    rights: 'جميع الحقوق محفوظة',
  },
  auth: {
    missingCredentials: 'يرجى إدخال البريد الإلكتروني وكلمة المرور',
    invalidEmail: 'يرجى إدخال بريد إلكتروني صحيح',
    passwordTooShort: 'كلمة المرور يجب أن تكون 6 أحرف على الأقل',
    emailRequired: 'يرجى إدخال البريد الإلكتروني',
    passwordsMismatch: 'كلمات المرور غير متطابقة',
    invalidPhone: 'رقم الجوال غير صحيح. يجب أن يبدأ ب 05 أو +966',
    invalidCredentials: 'البريد الإلكتروني أو كلمة المرور غير صحيحة',
    emailNotConfirmed: 'يرجى تفعيل بريدك الإلكتروني أولاً',
    confirmationResent: 'أرسلنا رابط تفعيل جديداً إلى بريدك الإلكتروني.',
    sessionFailed: 'فشل إنشاء جلسة المستخدم',
    resetRateLimited: 'يرجى الانتظار قبل إعادة المحاولة',
    signUpFailed: 'فشل في إنشاء الحساب',
    notAuthorizedAdmin: 'غير مصرح لك بالوصول إلى لوحة المشرف',
    mustSignIn: 'يجب تسجيل الدخول أولاً',
    fieldsRequired: 'يرجى تعبئة جميع الحقول المطلوبة',
    emailTaken: 'هذا البريد الإلكتروني مسجل بالفعل. سجّل الدخول أو استعد كلمة المرور.',
    termsNotAccepted: 'يجب الموافقة على الشروط والأحكام وسياسة الخصوصية لإنشاء الحساب',
    invalidResetLink: 'رابط إعادة تعيين كلمة المرور غير صالح أو انتهت صلاحيته. اطلب رابطاً جديداً.',
    registered: 'تم إنشاء حسابك. أرسلنا رابط التفعيل إلى بريدك الإلكتروني، يرجى تفعيله ثم تسجيل الدخول.',
    emailConfirmed: 'تم تفعيل بريدك الإلكتروني. يمكنك الآن تسجيل الدخول.',
    confirmationFailed: 'رابط التفعيل غير صالح أو انتهت صلاحيته. سجّل الدخول لإرسال رابط جديد.',
    resetSent: 'إذا كان البريد مسجلاً لدينا، فستصلك رسالة تحتوي على رابط لإعادة تعيين كلمة المرور.',
    passwordUpdated: 'تم تحديث كلمة المرور بنجاح. سجّل الدخول بكلمة المرور الجديدة.',
    sessionExpired: 'انتهت جلستك. يرجى تسجيل الدخول مرة أخرى.',
    /** Registration went through but the mail server refused the confirmation e-mail (ADR 020). */
    confirmationNotSent: 'تم إنشاء حسابك، لكن تعذر إرسال رسالة التفعيل إلى بريدك الإلكتروني. يمكنك إعادة إرسالها الآن.',
    resendConfirmation: 'إعادة إرسال رسالة التفعيل',
    resendWait: (s: number) => `يمكنك إعادة الإرسال بعد ${countOf(s, NOUNS.second, 'genitive')}`,
    /** A confirmation or reset e-mail the mail server refused; asking again sends it (ADR 020). */
    mailNotSent: 'تعذر إرسال الرسالة إلى بريدك الإلكتروني حالياً. يرجى المحاولة مرة أخرى بعد قليل.',
    /** The applicant's name: asked at registration, or once before the first send (ADR 020). */
    nameRequired: 'يرجى إدخال اسمك الكامل بالعربية',
    invalidName: 'الاسم غير صالح. اكتب اسمك الكامل بالحروف (من حرفين إلى 80 حرفاً)، دون أرقام أو رموز.',
    invalidNameEn: 'الاسم بالإنجليزية غير صالح. اكتبه بالحروف اللاتينية فقط (من حرفين إلى 80 حرفاً)، أو اتركه فارغاً.',
    /** Sign-in on an unconfirmed account whose fresh link could not be sent. */
    confirmationNotResent: 'يرجى تفعيل بريدك الإلكتروني أولاً. تعذر إرسال رابط تفعيل جديد حالياً، حاول تسجيل الدخول مرة أخرى بعد قليل.',
  },
  pricing: {
    alreadyTrial: 'أنت بالفعل تستخدم الباقة التجريبية',
    alreadyPaid: 'لديك بالفعل باقة مدفوعة',
    loadFailed: 'فشل في جلب بيانات الباقات',
    empty: 'لم يتم العثور على باقات',
  },
  /** The admin's long lists paged by key (the directory, the audit log): no page numbers to jump to. */
  lists: {
    first: 'الصفحة الأولى',
    previous: 'الصفحة السابقة',
    next: 'الصفحة التالية',
    last: 'الصفحة الأخيرة',
    /** 'عرض X إلى Y من N' (spec §2); a place or a total the database estimated says «نحو». */
    range: (page: { from: number; to: number; total: number; fromIsEstimate: boolean; totalIsEstimate: boolean }) =>
      `عرض ${page.fromIsEstimate ? 'نحو ' : ''}${page.from} إلى ${page.to} من ${page.totalIsEstimate ? 'نحو ' : ''}${page.total}`,
    page: (page: number, pages: number, estimate: boolean) => `صفحة ${page} من ${estimate ? 'نحو ' : ''}${pages}`,
    estimated:
      'الأعداد المسبوقة بكلمة «نحو» تقديرية: تُعدّ الصفوف واحداً واحداً حتى حدٍّ معيّن، وما زاد عليه تقدّره قاعدة البيانات، لأن عدّها كلها يبطئ القائمة.',
  },
  errors: {
    generic: 'حدث خطأ غير متوقع. يرجى المحاولة مرة أخرى.',
    network: 'تعذر الاتصال بالخادم. تحقق من اتصالك ثم حاول مرة أخرى.',
    notFound: 'العنصر المطلوب غير موجود.',
    validation: 'البيانات المدخلة غير صالحة.',
    rateLimited: 'يرجى الانتظار قبل إعادة المحاولة',
    forbidden: 'ليس لديك صلاحية لتنفيذ هذا الإجراء.',
    unauthorized: 'يجب تسجيل الدخول أولاً',
    payloadTooLarge: 'حجم البيانات المرسلة أكبر من المسموح.',
    foreignOrigin: 'تم رفض الطلب لأنه صادر من مصدر غير موثوق.',
    controlCharacters: 'يحتوي النص المُدخل على رموز تحكم غير مرئية لا يُسمح بها. احذفها أو اكتب النص من جديد ثم أعد المحاولة.',
    jsonTooDeep: 'تم رفض الطلب لأن البيانات المرسلة متداخلة بعمق أكبر من المسموح.',
    lineBreaks: 'هذا الحقل سطر واحد: احذف فواصل الأسطر من النص ثم أعد المحاولة.',
    cursorInvalid: 'رابط هذه الصفحة من القائمة غير صالح أو لا يطابق البحث الحالي. اعرض الصفحة الأولى ثم تنقّل منها.',
    retry: 'إعادة المحاولة',
    /** Spec §8's admin prefix for a list that could not be loaded (the list is emptied). */
    dataFetchFailed: (msg: string) => `خطأ في جلب البيانات: ${msg}`,
  },
} as const;

/** Error codes the API can answer with. Each maps to an Arabic text for display. */
export const errorCodes = {
  INTERNAL: 'INTERNAL',
  VALIDATION: 'VALIDATION',
  NOT_FOUND: 'NOT_FOUND',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  RATE_LIMITED: 'RATE_LIMITED',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FOREIGN_ORIGIN: 'FOREIGN_ORIGIN',
  /** The database could not be reached for a moment (503); the spec's generic error, and a retry succeeds later. */
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  /** A text field of the request holds a control character (a NUL, an escape…); `issues` names the fields. */
  CONTROL_CHARACTERS: 'CONTROL_CHARACTERS',
  /** A JSON body with arrays or objects nested more than 64 deep: no form sends one, a crafted request does. */
  JSON_TOO_DEEP: 'JSON_TOO_DEEP',
  /** A one-line field (a name, a title, a subject, an address, a key) holds a line break; `issues` names the fields. */
  LINE_BREAKS: 'LINE_BREAKS',
  /** A list's page cursor that is not one the server made for these filters (tampered, or from another search). */
  CURSOR_INVALID: 'CURSOR_INVALID',
  NETWORK: 'NETWORK',
  MISSING_CREDENTIALS: 'MISSING_CREDENTIALS',
  INVALID_EMAIL: 'INVALID_EMAIL',
  PASSWORD_TOO_SHORT: 'PASSWORD_TOO_SHORT',
  EMAIL_REQUIRED: 'EMAIL_REQUIRED',
  PASSWORDS_MISMATCH: 'PASSWORDS_MISMATCH',
  INVALID_PHONE: 'INVALID_PHONE',
  FIELDS_REQUIRED: 'FIELDS_REQUIRED',
  /** The applicant's full name (Arabic) is missing; or it, or its Latin version, is not a name. */
  NAME_REQUIRED: 'NAME_REQUIRED',
  INVALID_NAME: 'INVALID_NAME',
  INVALID_NAME_EN: 'INVALID_NAME_EN',
  /** Wrong e-mail or password (better-auth's 'Invalid login credentials'). */
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  /** Sign-in before the e-mail was confirmed. */
  EMAIL_NOT_CONFIRMED: 'EMAIL_NOT_CONFIRMED',
  /** Sign-in succeeded but no session could be made. */
  SESSION_FAILED: 'SESSION_FAILED',
  SIGN_UP_FAILED: 'SIGN_UP_FAILED',
  EMAIL_TAKEN: 'EMAIL_TAKEN',
  /** Registration without agreeing to the terms and the privacy policy (PDPL consent). */
  TERMS_NOT_ACCEPTED: 'TERMS_NOT_ACCEPTED',
  /** A reset link that is unknown, used or expired. */
  INVALID_RESET_TOKEN: 'INVALID_RESET_TOKEN',
  /** The mail server refused a confirmation or reset e-mail (503); asking again sends it. */
  MAIL_NOT_SENT: 'MAIL_NOT_SENT',
  /** Sign-in on an unconfirmed account: its fresh confirmation link could not be sent. */
  CONFIRMATION_NOT_SENT: 'CONFIRMATION_NOT_SENT',
} as const;
export type ErrorCode = (typeof errorCodes)[keyof typeof errorCodes];

const messageByCode: Record<ErrorCode, string> = {
  NETWORK: ar.errors.network,
  MISSING_CREDENTIALS: ar.auth.missingCredentials,
  INVALID_EMAIL: ar.auth.invalidEmail,
  PASSWORD_TOO_SHORT: ar.auth.passwordTooShort,
  EMAIL_REQUIRED: ar.auth.emailRequired,
  PASSWORDS_MISMATCH: ar.auth.passwordsMismatch,
  INVALID_PHONE: ar.auth.invalidPhone,
  FIELDS_REQUIRED: ar.auth.fieldsRequired,
  NAME_REQUIRED: ar.auth.nameRequired,
  INVALID_NAME: ar.auth.invalidName,
  INVALID_NAME_EN: ar.auth.invalidNameEn,
  INVALID_CREDENTIALS: ar.auth.invalidCredentials,
  EMAIL_NOT_CONFIRMED: ar.auth.emailNotConfirmed,
  SESSION_FAILED: ar.auth.sessionFailed,
  SIGN_UP_FAILED: ar.auth.signUpFailed,
  EMAIL_TAKEN: ar.auth.emailTaken,
  TERMS_NOT_ACCEPTED: ar.auth.termsNotAccepted,
  INVALID_RESET_TOKEN: ar.auth.invalidResetLink,
  MAIL_NOT_SENT: ar.auth.mailNotSent,
  CONFIRMATION_NOT_SENT: ar.auth.confirmationNotResent,
  INTERNAL: ar.errors.generic,
  SERVICE_UNAVAILABLE: ar.errors.generic,
  VALIDATION: ar.errors.validation,
  NOT_FOUND: ar.errors.notFound,
  UNAUTHORIZED: ar.errors.unauthorized,
  FORBIDDEN: ar.errors.forbidden,
  RATE_LIMITED: ar.errors.rateLimited,
  PAYLOAD_TOO_LARGE: ar.errors.payloadTooLarge,
  FOREIGN_ORIGIN: ar.errors.foreignOrigin,
  CONTROL_CHARACTERS: ar.errors.controlCharacters,
  JSON_TOO_DEEP: ar.errors.jsonTooDeep,
  LINE_BREAKS: ar.errors.lineBreaks,
  CURSOR_INVALID: ar.errors.cursorInvalid,
};

/** The Arabic text for an API error code; unknown codes fall back to the generic message. */
/** Whether the app-wide map has its own text for this code (rather than the generic one). */
export const isKnownCode = (code: string | undefined): boolean => !!code && code in messageByCode;

export function messageForCode(code: string | undefined): string {
  if (code && code in messageByCode) return messageByCode[code as ErrorCode];
  return ar.errors.generic;
}
