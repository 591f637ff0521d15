import { GMAIL_SEND_CAPABLE_SCOPES } from '../constants';

/**
 * The admin "gmail" tab (spec §2, §5 "Mail-connection settings", §8): Arabic texts, error codes and the rule
 * both sides apply — the form before sending, the server before writing.
 */
const GOOGLE_CLIENT_ID_SUFFIX = '.apps.googleusercontent.com';
/** The suffix as a left-to-right island inside Arabic text, so its leading dot stays in place. */
const suffixLtr = `\u2066${GOOGLE_CLIENT_ID_SUFFIX}\u2069`;

export const mailboxAdminText = {
  heading: 'إعدادات ربط Gmail',
  intro: 'بيانات عميل OAuth في Google Cloud التي يربط بها المستخدمون حساباتهم في Gmail لإرسال سيرهم الذاتية.',
  clientId: 'معرّف العميل (Client ID)',
  clientIdHint: `ينتهي بـ ${suffixLtr}`,
  clientSecret: 'سر العميل (Client Secret)',
  secretStatus: 'حالة سر العميل:',
  clientSecretSet: 'محفوظ. اترك الحقل فارغًا للإبقاء عليه، أو أدخل قيمة جديدة لاستبداله.',
  clientSecretNotSet: 'غير محفوظ بعد.',
  secretStatusSet: 'محفوظ',
  secretStatusNotSet: 'غير محفوظ',
  redirectUris: 'روابط إعادة التوجيه (Redirect URIs)',
  javascriptOrigins: 'مصادر JavaScript المسموح بها',
  scopes: 'الصلاحيات (Scopes)',
  addItem: 'إضافة',
  remove: 'حذف',
  removeItem: (value: string) => `حذف ${value}`,
  newRedirectUri: 'رابط إعادة توجيه جديد',
  newOrigin: 'مصدر جديد',
  newScope: 'صلاحية جديدة',
  emptyList: 'لا توجد عناصر بعد.',
  save: 'حفظ',
  saving: 'جارٍ الحفظ…',
  test: 'اختبار الاتصال',
  testing: 'جارٍ اختبار الاتصال…',
  /** The outcome of a token request with the client in the form (nothing is saved by a test). */
  testOutcome: {
    accepted: 'نجح الاتصال: تعرّفت Google على معرّف العميل وسرّه.',
    refused: 'رفضت Google معرّف العميل أو سرّه (invalid_client). انسخهما مجدداً من Google Cloud Console.',
    unreachable: 'تعذر الوصول إلى Google الآن، فلم يُتحقق من بيانات العميل. حاول مرة أخرى بعد قليل.',
    sandbox: 'التشغيل المحلي يستخدم بيئة Google التجريبية المدمجة، وهي تقبل العميل المحفوظ أياً كان؛ تحققنا من صيغة المعرّف فقط.',
  },
  saveAnyway: 'حفظ على أي حال',
  saveAnywayHint: 'لن يتمكن أحد من ربط بريده ما دامت Google ترفض هذا العميل.',
  loadFailed: 'فشل تحميل إعدادات Gmail',
  retry: 'إعادة المحاولة',
  /** Spec §8, verbatim. */
  saved: 'تم حفظ الإعدادات بنجاح',
  /** Spec §8, verbatim. */
  saveFailed: 'فشل الحفظ',
  /** Spec §5, verbatim. */
  invalidUrl: 'الرجاء إدخال رابط صالح',
  clientIdInvalid: `معرّف العميل يجب أن ينتهي بـ ${suffixLtr}`,
  clientSecretRequired: 'سر العميل مطلوب',
  redirectUriRequired: 'يجب إضافة رابط إعادة توجيه واحد على الأقل',
  originRequired: 'يجب إضافة مصدر JavaScript واحد على الأقل',
  scopesRequired: 'يجب إضافة صلاحية واحدة على الأقل',
  scopesCannotSend: 'يجب أن تتضمن الصلاحيات صلاحية إرسال البريد (gmail.send)، وإلا فلن يتمكن أحد من ربط حسابه.',
  duplicate: 'هذا العنصر موجود بالفعل',
  pendingItem: 'كتبت قيمة لم تُضف بعد: اضغط «إضافة» لإضافتها أو امسح الحقل، ثم احفظ.',
} as const;

const mailboxAdminErrorCodes = {
  GMAIL_CLIENT_ID_INVALID: 'GMAIL_CLIENT_ID_INVALID',
  /** No secret given and none stored. */
  GMAIL_CLIENT_SECRET_REQUIRED: 'GMAIL_CLIENT_SECRET_REQUIRED',
  GMAIL_REDIRECT_URI_REQUIRED: 'GMAIL_REDIRECT_URI_REQUIRED',
  GMAIL_JS_ORIGIN_REQUIRED: 'GMAIL_JS_ORIGIN_REQUIRED',
  GMAIL_SCOPES_REQUIRED: 'GMAIL_SCOPES_REQUIRED',
  /** None of the scopes lets Sira send mail: every user's link would be refused. */
  GMAIL_SCOPES_CANNOT_SEND: 'GMAIL_SCOPES_CANNOT_SEND',
  /** A redirect URI or origin is not an http(s) URL (an origin must also have no path). */
  GMAIL_URL_INVALID: 'GMAIL_URL_INVALID',
  /** The save's connection test: Google does not know the client id or secret (saved only with saveUntested). */
  GMAIL_CLIENT_REFUSED: 'GMAIL_CLIENT_REFUSED',
  /** The save's connection test got no usable answer from Google (saved only with saveUntested). */
  GMAIL_UNREACHABLE: 'GMAIL_UNREACHABLE',
} as const;
export type MailboxAdminErrorCode = keyof typeof mailboxAdminErrorCodes;

const messageByCode: Record<MailboxAdminErrorCode, string> = {
  GMAIL_CLIENT_ID_INVALID: mailboxAdminText.clientIdInvalid,
  GMAIL_CLIENT_SECRET_REQUIRED: mailboxAdminText.clientSecretRequired,
  GMAIL_REDIRECT_URI_REQUIRED: mailboxAdminText.redirectUriRequired,
  GMAIL_JS_ORIGIN_REQUIRED: mailboxAdminText.originRequired,
  GMAIL_SCOPES_REQUIRED: mailboxAdminText.scopesRequired,
  GMAIL_SCOPES_CANNOT_SEND: mailboxAdminText.scopesCannotSend,
  GMAIL_URL_INVALID: mailboxAdminText.invalidUrl,
  GMAIL_CLIENT_REFUSED: `لم تُحفظ الإعدادات: ${mailboxAdminText.testOutcome.refused}`,
  GMAIL_UNREACHABLE: `لم تُحفظ الإعدادات: ${mailboxAdminText.testOutcome.unreachable}`,
};

export function mailboxAdminMessage(code: string | undefined): string | undefined {
  return code && code in messageByCode ? messageByCode[code as MailboxAdminErrorCode] : undefined;
}

/** An absolute http(s) URL (spec §5: 'الرجاء إدخال رابط صالح'). */
export function isValidUrl(value: string): boolean {
  if (value.trim() !== value || value === '') return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** A JavaScript origin as Google takes it: scheme, host and port only — no path, query or trailing slash. */
export function isValidOrigin(value: string): boolean {
  return isValidUrl(value) && new URL(value).origin === value;
}

/**
 * The form of a Google OAuth client id: letters, digits and hyphens (Google's are `<project number>-<32
 * characters>`), then the suffix. A pasted JSON line, a URL or a space inside is refused before any call.
 */
export function isGoogleClientId(value: string): boolean {
  return value.endsWith(GOOGLE_CLIENT_ID_SUFFIX) && /^[A-Za-z0-9][A-Za-z0-9-]*$/.test(value.slice(0, -GOOGLE_CLIENT_ID_SUFFIX.length));
}

export interface GmailSettingsCheck {
  clientId: string;
  clientSecret: string;
  scopes: readonly string[];
  redirectUris: readonly string[];
  javascriptOrigins: readonly string[];
}

/**
 * Spec §5 "Mail-connection settings", in the order the form shows the fields. `secretStored` lets an empty
 * secret field mean "keep the stored one".
 */
export function checkGmailSettings(input: GmailSettingsCheck, secretStored: boolean): MailboxAdminErrorCode | null {
  if (!isGoogleClientId(input.clientId.trim())) return 'GMAIL_CLIENT_ID_INVALID';
  if (!input.clientSecret.trim() && !secretStored) return 'GMAIL_CLIENT_SECRET_REQUIRED';
  if (input.redirectUris.length === 0) return 'GMAIL_REDIRECT_URI_REQUIRED';
  if (input.javascriptOrigins.length === 0) return 'GMAIL_JS_ORIGIN_REQUIRED';
  if (input.scopes.filter((s) => s.trim()).length === 0) return 'GMAIL_SCOPES_REQUIRED';
  if (!input.scopes.some((s) => (GMAIL_SEND_CAPABLE_SCOPES as readonly string[]).includes(s.trim()))) return 'GMAIL_SCOPES_CANNOT_SEND';
  if (!input.redirectUris.every(isValidUrl) || !input.javascriptOrigins.every(isValidOrigin)) return 'GMAIL_URL_INVALID';
  return null;
}
