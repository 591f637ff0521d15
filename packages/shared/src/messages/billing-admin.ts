import { ar } from './ar';

/** Arabic texts of the admin payment and payment_gateway tabs (spec §2, §8); spec strings are verbatim. */
export const paymentsAdminTexts = {
  title: 'المدفوعات',
  revenue: 'إجمالي الإيرادات',
  transactions: 'عدد المعاملات',
  completed: 'المعاملات المكتملة',
  search: 'بحث',
  searchPlaceholder: 'ابحث ببريد المستخدم',
  table: 'سجل المدفوعات',
  columns: { user: 'البريد الإلكتروني للمستخدم', package: 'الباقة', amount: 'المبلغ', status: 'الحالة', date: 'التاريخ' },
  empty: 'لا توجد مدفوعات بعد.',
  noMatch: 'لا توجد مدفوعات تطابق البحث.',
  /** An invoice kept after its buyer deleted the account (anonymised for the bookkeeping period). */
  deletedAccount: 'حساب محذوف',
  /** Spec §8's admin prefix. */
  loadFailed: ar.errors.dataFetchFailed,
  pages: 'صفحات المدفوعات',
  pageLabel: (page: number) => `الصفحة ${page}`,
  summary: (from: number, to: number, total: number) => `عرض ${from} إلى ${to} من ${total}`,
  pageOf: (page: number, count: number) => `الصفحة ${page} من ${count}`,
} as const;

export const gatewayAdminTexts = {
  title: 'إعدادات بوابة الدفع',
  intro: 'مفاتيح Paylink تُحفظ مشفّرة على الخادم ولا تُرسل إلى أي متصفح. اترك حقل المفتاح فارغاً للإبقاء على المحفوظ.',
  defaultsNotice: 'لا توجد إعدادات محفوظة: في الوضع المحلي تُستخدم بيئة Paylink التجريبية المدمجة ومفاتيح الاختبار العامة من توثيق Paylink.',
  apiId: 'معرّف التطبيق (API ID)',
  secretKey: 'المفتاح السري (Secret Key)',
  webhookSecret: 'سر إشعارات الدفع (Webhook)',
  webhookSecretHint: 'أضفه في بوابة تاجر Paylink كترويسة Authorization بالقيمة: Bearer ثم السر.',
  webhookUrl: 'عنوان إشعارات الدفع (Webhook URL)',
  set: 'محفوظ',
  notSet: 'غير محفوظ',
  keepHint: 'اتركه فارغاً للإبقاء على القيمة المحفوظة.',
  baseUrl: 'بيئة Paylink',
  environments: {
    production: 'الإنتاج',
    test: 'الاختبار (Pilot)',
    sandbox: 'البيئة التجريبية المحلية',
  },
  save: 'حفظ الإعدادات',
  test: 'اختبار الاتصال',
  testing: 'جارٍ اختبار الاتصال…',
  /** The outcome of an authentication call with the keys in the form (nothing is saved by a test). */
  testOutcome: {
    accepted: 'نجح الاتصال: قبلت Paylink معرّف التطبيق والمفتاح السري.',
    refused:
      'رفضت Paylink معرّف التطبيق أو المفتاح السري. تحقق منهما ومن أنهما لبيئة Paylink المختارة (مفاتيح الاختبار لا تعمل في الإنتاج).',
    unreachable: 'تعذر الوصول إلى Paylink الآن، فلم يُتحقق من المفاتيح. تحقق من البيئة المختارة أو حاول مرة أخرى بعد قليل.',
  },
  saveAnyway: 'حفظ على أي حال',
  saveAnywayHint: 'ستفشل عمليات الدفع كلها ما دامت Paylink ترفض هذه المفاتيح.',
  /** Spec §8, verbatim. */
  saved: 'تم حفظ الإعدادات بنجاح',
  /** Spec §8, verbatim. */
  saveFailed: 'فشل الحفظ',
  loadFailed: 'تعذر تحميل إعدادات بوابة الدفع.',
} as const;

/** Error codes of /api/admin/billing/gateway. */
type GatewayAdminErrorCode =
  | 'GATEWAY_API_ID_REQUIRED'
  /** No secret key stored yet and none given. */
  | 'GATEWAY_SECRET_REQUIRED'
  /** A base URL outside the list this deployment allows (production: Paylink's production and test only). */
  | 'GATEWAY_BASE_URL_INVALID'
  /** The save's connection test: Paylink refused the keys (saved only with saveUntested). */
  | 'GATEWAY_KEYS_REFUSED'
  /** The save's connection test got no answer from Paylink (saved only with saveUntested). */
  | 'GATEWAY_UNREACHABLE';

const textByCode: Record<GatewayAdminErrorCode, string> = {
  GATEWAY_API_ID_REQUIRED: 'يرجى إدخال معرّف التطبيق (API ID).',
  GATEWAY_SECRET_REQUIRED: 'يرجى إدخال المفتاح السري (Secret Key).',
  GATEWAY_BASE_URL_INVALID: 'بيئة Paylink المختارة غير مسموح بها في هذا التشغيل.',
  GATEWAY_KEYS_REFUSED: `لم تُحفظ الإعدادات: ${gatewayAdminTexts.testOutcome.refused}`,
  GATEWAY_UNREACHABLE: `لم تُحفظ الإعدادات: ${gatewayAdminTexts.testOutcome.unreachable}`,
};

export function gatewayAdminMessageForCode(code: string | undefined): string | undefined {
  return code && code in textByCode ? textByCode[code as GatewayAdminErrorCode] : undefined;
}
