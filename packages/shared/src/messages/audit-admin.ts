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
  pageOf: (page: number, pages: number) => `صفحة ${page} من ${pages}`,
  showing: (from: number, to: number, total: number) => `عرض ${from} إلى ${to} من ${total}`,
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
} as const;

/** Readable names for the fields the audit log keeps of a row; unknown ones are shown as recorded. */
export const auditFieldLabels: Record<string, string> = {
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

export const auditFieldLabel = (field: string) => auditFieldLabels[field] ?? field;

/** Readable names for the actions the admin modules record; unknown ones are shown as recorded. */
export const auditActionLabels: Record<string, string> = {
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
};

/** 'templates.update' → 'تعديل'; an action without a known verb is shown raw. */
export function auditActionLabel(action: string): string {
  const verb = action.split('.').at(-1) ?? action;
  return auditActionLabels[verb] ?? action;
}

export function auditEntityLabel(entity: string): string {
  return auditEntityLabels[entity] ?? entity;
}
