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
    sessionFailed: 'فشل إنشاء جلسة المستخدم',
    resetRateLimited: 'يرجى الانتظار قبل إعادة المحاولة',
    signUpFailed: 'فشل في إنشاء الحساب',
    notAuthorizedAdmin: 'غير مصرح لك بالوصول إلى لوحة المشرف',
    mustSignIn: 'يجب تسجيل الدخول أولاً',
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
    retry: 'إعادة المحاولة',
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
} as const;
export type ErrorCode = (typeof errorCodes)[keyof typeof errorCodes];

const messageByCode: Record<ErrorCode, string> = {
  INTERNAL: ar.errors.generic,
  VALIDATION: ar.errors.validation,
  NOT_FOUND: ar.errors.notFound,
  UNAUTHORIZED: ar.errors.unauthorized,
  FORBIDDEN: ar.errors.forbidden,
  RATE_LIMITED: ar.errors.rateLimited,
  PAYLOAD_TOO_LARGE: ar.errors.payloadTooLarge,
  FOREIGN_ORIGIN: ar.errors.foreignOrigin,
};

/** The Arabic text for an API error code; unknown codes fall back to the generic message. */
export function messageForCode(code: string | undefined): string {
  if (code && code in messageByCode) return messageByCode[code as ErrorCode];
  return ar.errors.generic;
}
