import { formatNumber } from '../format';
import { sendingSettingsText } from './sending-admin';

/** The audit tab of the admin panel: a read-only log of every administrator write. */
export const auditAdminText = {
  heading: 'سجل التدقيق',
  intro: 'كل تعديل يجريه المشرفون: من قام به، وما الذي تغيّر، ومتى.',
  actor: 'المشرف',
  action: 'الإجراء',
  entity: 'العنصر',
  entityId: 'المعرّف',
  createdAt: 'الوقت',
  details: 'التفاصيل',
  showDetails: 'عرض التفاصيل',
  detailsTitle: 'تفاصيل التعديل',
  before: 'قبل',
  after: 'بعد',
  nothing: 'لا يوجد',
  close: 'إغلاق',
  empty: 'لا توجد تعديلات مسجلة بعد.',
  loadFailed: 'حدث خطأ أثناء تحميل سجل التدقيق.',
  retry: 'إعادة المحاولة',
  tableLabel: 'جدول سجل التدقيق',
  pagination: 'صفحات سجل التدقيق',
  /** An estimated count (a long log, counted exactly only so far) says «نحو». */
  pageOf: (page: number, pages: number, estimate = false) =>
    `صفحة ${formatNumber(page)} من ${estimate ? 'نحو ' : ''}${formatNumber(pages)}`,
  showing: (from: number, to: number, total: number, estimate: { from?: boolean; total?: boolean } = {}) =>
    `عرض ${estimate.from ? 'نحو ' : ''}${formatNumber(from)} إلى ${formatNumber(to)} من ${estimate.total ? 'نحو ' : ''}${formatNumber(total)}`,
  filters: 'تصفية السجل',
  anyActor: 'كل المشرفين',
  anyAction: 'كل الإجراءات',
  anyEntity: 'كل العناصر',
  fromDate: 'من تاريخ',
  toDate: 'إلى تاريخ',
  clearFilters: 'إلغاء التصفية',
  noMatch: 'لا توجد تعديلات تطابق التصفية.',
  fields: 'الحقول قبل التعديل وبعده',
  field: 'الحقل',
  changed: 'تغيّر',
  yes: 'نعم',
  no: 'لا',
  /** The column that names what an entry changed: "الرصيد: 10 ← 25". */
  changes: 'ما تغيّر',
  /**
   * Before → after, right to left: the arrow points from the old value to the new one. Each value is isolated
   * (FSI … PDI), so an e-mail or a time on either side cannot turn the arrow's run around.
   */
  change: (label: string, before: string, after: string) => `${label}: \u2068${before}\u2069 ← \u2068${after}\u2069`,
  /** A field whose value is too long for the row (a page's content): its name alone, the dialog has the rest. */
  changedField: (label: string) => `${label} (تغيّر)`,
  moreChanges: (n: number) => `و${formatNumber(n)} غيرها`,
  noChange: 'لم يتغيّر شيء',
  unnamedItem: 'عنصر بلا اسم',
} as const;

/**
 * Readable names for the fields the audit log keeps of a row, by the name each module records; a field of a
 * group ('delay.batch_size') is looked up whole, then by its last part. Unknown ones are shown as recorded.
 */
const auditFieldLabels: Record<string, string> = {
  ...sendingSettingsText.fields,
  'dailyCaps.gmail': `الحد اليومي: ${sendingSettingsText.dailyCaps.gmail}`,
  'dailyCaps.workspace': `الحد اليومي: ${sendingSettingsText.dailyCaps.workspace}`,
  'dailyCaps.outlook': `الحد اليومي: ${sendingSettingsText.dailyCaps.outlook}`,
  'dailyCaps.microsoft365': `الحد اليومي: ${sendingSettingsText.dailyCaps.microsoft365}`,
  'dailyCaps.smtp': `الحد اليومي: ${sendingSettingsText.dailyCaps.smtp}`,
  packageName: 'الباقة',
  packageId: 'الباقة',
  messagesRemaining: 'الرسائل المتبقية',
  messagesLimit: 'عدد الرسائل',
  fullName: 'الاسم',
  features: 'المزايا',
  canUploadExcel: 'رفع Excel',
  ctaText: 'نص الزر',
  highlighted: 'مميزة',
  originalPrice: 'السعر قبل الخصم',
  discountPercent: 'نسبة الخصم (%)',
  days: 'الأيام',
  start: 'من الساعة',
  end: 'إلى الساعة',
  holidays: 'الإجازات الرسمية',
  paused: 'الإرسال متوقف',
  showContact: 'إظهار التواصل',
  showEmail: 'إظهار البريد',
  showPhone: 'إظهار الجوال',
  showSocial: 'إظهار روابط التواصل الاجتماعي',
  apiId: 'معرّف التطبيق (API ID)',
  baseUrl: 'عنوان البوابة',
  secretKeySet: 'المفتاح السري محفوظ',
  webhookSecretSet: 'سر الإشعارات محفوظ',
  secretKeyChanged: 'تغيّر المفتاح السري',
  webhookSecretChanged: 'تغيّر سر الإشعارات',
  clientId: 'معرّف العميل (Client ID)',
  clientSecretSet: 'سر العميل محفوظ',
  clientSecretChanged: 'تغيّر سر العميل',
  scopes: 'الصلاحيات',
  redirectUris: 'عناوين إعادة التوجيه',
  javascriptOrigins: 'مصادر JavaScript',
  filename: 'الملف',
  rows: 'الصفوف',
  added: 'أُضيفت',
  skipped: 'تُخطّيت',
  duplicates: 'مكررة',
  formulas: 'صيغ',
  kind: 'النوع',
  redirectEmail: 'العنوان الجديد',
  status: 'الحالة',
  companyId: 'الشركة',
  companyMovedBack: 'أُعيدت الشركة',
  source: 'المصدر',
  requestId: 'الطلب',
  name: 'الاسم',
  title: 'العنوان',
  slug: 'الرابط',
  subject: 'عنوان الرسالة',
  content: 'المحتوى',
  packageIds: 'الباقات',
  price: 'السعر',
  email: 'البريد الإلكتروني',
  phone: 'الجوال',
  order: 'الترتيب',
  url: 'الرابط',
  icon: 'الأيقونة',
  sectionId: 'القسم',
  sector: 'القطاع',
  location: 'الموقع',
  role: 'الدور',
  balance: 'الرصيد',
  description: 'الوصف',
  key: 'المفتاح',
  value: 'القيمة',
};

export const auditFieldLabel = (field: string) => auditFieldLabels[field] ?? auditFieldLabels[field.split('.').at(-1) ?? field] ?? field;

/** The settings an entry on 'settings' names by their key. */
export const auditSettingLabels: Record<string, string> = {
  email_delay_settings: sendingSettingsText.heading,
  daily_caps: sendingSettingsText.dailyCapsHeading,
  sending_window: 'نافذة الإرسال',
  sending_pause: 'إيقاف الإرسال للجميع',
  retention: 'مدة الاحتفاظ بالبيانات',
  gmail: 'إعدادات Google (Gmail)',
  paylink: 'بوابة الدفع (Paylink)',
  footer_contact: 'معلومات التواصل في التذييل',
  social_media: 'روابط التواصل الاجتماعي',
};

/** Readable names for the actions the admin modules record; unknown ones are shown as recorded. */
const auditActionLabels: Record<string, string> = {
  create: 'إضافة',
  update: 'تعديل',
  delete: 'حذف',
  import: 'استيراد',
  approve_redirect: 'قبول العنوان الجديد',
  reject_redirect: 'رفض العنوان الجديد',
  approve_opt_out_stop: 'قبول إيقاف الإرسال من الجميع',
  reject_opt_out_stop: 'رفض إيقاف الإرسال من الجميع',
  undo_opt_out_stop: 'التراجع عن إيقاف الإرسال من الجميع',
  approve_opt_out_redirect: 'قبول العنوان الجديد',
  reject_opt_out_redirect: 'رفض العنوان الجديد',
  undo_opt_out_redirect: 'التراجع عن العنوان الجديد',
  lift_opt_out: 'رفع الإيقاف عن عنوان',
  pause: 'إيقاف الإرسال للجميع',
  resume: 'استئناف الإرسال',
  pause_after_restore: 'إيقاف الإرسال بعد استعادة قاعدة البيانات',
  accept_suggestions: 'قبول شركات اقترحها المستخدمون',
  decline_suggestions: 'رفض شركات اقترحها المستخدمون',
};

/** Readable names for the audited entities; unknown ones are shown as recorded. */
export const auditEntityLabels: Record<string, string> = {
  templates: 'قالب',
  pages: 'صفحة',
  footer_sections: 'قسم التذييل',
  footer_links: 'رابط التذييل',
  settings: 'الإعدادات',
  packages: 'باقة',
  profiles: 'مستخدم',
  companies: 'شركة',
  excel_files: 'ملف Excel',
  company_opt_outs: 'عنوان لا يُرسل إليه أحد',
  opt_out_requests: 'طلب شركة عبر رابط الرسالة',
  user_companies: 'شركة مقترحة من مستخدم',
};

/** 'templates.update' → 'تعديل'; an action without a known verb is shown raw. */
export function auditActionLabel(action: string): string {
  const verb = action.split('.').at(-1) ?? action;
  return auditActionLabels[verb] ?? action;
}

export function auditEntityLabel(entity: string): string {
  return auditEntityLabels[entity] ?? entity;
}
