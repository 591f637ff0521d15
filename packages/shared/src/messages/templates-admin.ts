/**
 * The templates tab of the admin panel (spec §2, §5, §8): its Arabic texts, its error codes with the text each
 * one shows, and the rule both sides apply — the web before sending, the server before writing.
 */
export const templatesAdminText = {
  heading: 'قوالب الرسائل',
  add: 'إضافة قالب',
  addTitle: 'إضافة قالب جديد',
  name: 'اسم القالب',
  subject: 'عنوان الرسالة',
  content: 'محتوى القالب',
  contentHint:
    'يمكن استخدام {{company_name}} و{{sector}} و{{location}} (بيانات كل شركة)، و{{applicant_name}} و{{applicant_name_en}} و{{applicant_phone}} (اسم المتقدم ورقم جواله) داخل المحتوى، و{{job_title}} (المسمى الوظيفي) في رسائل التقديم على إعلان وظيفة فقط.',
  packages: 'الباقات',
  updatedAt: 'آخر تحديث',
  actions: 'الإجراءات',
  edit: 'تعديل',
  save: 'حفظ',
  cancel: 'إلغاء',
  delete: 'حذف',
  close: 'إغلاق',
  confirmDeleteTitle: 'حذف القالب',
  confirmDelete: 'هل أنت متأكد من حذف هذا القالب؟ لا يمكن التراجع عن هذا الإجراء.',
  empty: 'لا توجد قوالب بعد. أضف أول قالب ليظهر للمستخدمين.',
  retry: 'إعادة المحاولة',
  added: 'تمت إضافة القالب بنجاح',
  updated: 'تم تحديث القالب بنجاح',
  deleted: 'تم حذف القالب بنجاح',
  addFailed: 'فشل إضافة القالب',
  updateFailed: 'فشل تحديث القالب',
  deleteFailed: 'فشل حذف القالب',
  /** Spec §5, verbatim. */
  fieldsRequired: 'يرجى تعبئة جميع الحقول المطلوبة',
  /** Spec §5, verbatim. */
  packageRequired: 'يرجى اختيار باقة واحدة على الأقل',
  packageUnknown: 'الباقة غير موجودة',
  placeholderUnknown:
    'يحتوي القالب على متغيّر غير معروف بين {{ }}، ولو حُفظ لوصل كما هو إلى كل شركة. المتغيّرات المتاحة: {{company_name}} و{{sector}} و{{location}}، وبياناتك: {{applicant_name}} و{{applicant_name_en}} و{{applicant_phone}}، و{{job_title}} في التقديم على إعلان وظيفة.',
  tableLabel: 'جدول قوالب الرسائل',
  editing: (name: string) => `تعديل القالب ${name}`,
} as const;

const templatesAdminErrorCodes = {
  /** Name or content is empty (content also counts as empty when nothing survives sanitising). */
  TEMPLATE_FIELDS_REQUIRED: 'TEMPLATE_FIELDS_REQUIRED',
  /** No package was chosen. */
  TEMPLATE_PACKAGE_REQUIRED: 'TEMPLATE_PACKAGE_REQUIRED',
  /** A chosen package id does not exist (deleted meanwhile) or is the administrators' package. */
  TEMPLATE_PACKAGE_UNKNOWN: 'TEMPLATE_PACKAGE_UNKNOWN',
  /** The subject or content holds {{…}} that is not company_name, sector or location. */
  TEMPLATE_PLACEHOLDER_UNKNOWN: 'TEMPLATE_PLACEHOLDER_UNKNOWN',
} as const;
export type TemplatesAdminErrorCode = keyof typeof templatesAdminErrorCodes;

const messageByCode: Record<TemplatesAdminErrorCode, string> = {
  TEMPLATE_FIELDS_REQUIRED: templatesAdminText.fieldsRequired,
  TEMPLATE_PACKAGE_REQUIRED: templatesAdminText.packageRequired,
  TEMPLATE_PACKAGE_UNKNOWN: templatesAdminText.packageUnknown,
  TEMPLATE_PLACEHOLDER_UNKNOWN: templatesAdminText.placeholderUnknown,
};

/** The Arabic text of a templates error code, or undefined for codes this tab does not own. */
export function templatesAdminMessage(code: string | undefined): string | undefined {
  return code && code in messageByCode ? messageByCode[code as TemplatesAdminErrorCode] : undefined;
}

/** Spec §5 "Templates": name and content first, then at least one package. */
export function checkTemplateInput(input: {
  name: string;
  content: string;
  packageIds: readonly string[];
}): TemplatesAdminErrorCode | null {
  if (!input.name.trim() || !input.content.trim()) return 'TEMPLATE_FIELDS_REQUIRED';
  if (input.packageIds.length === 0) return 'TEMPLATE_PACKAGE_REQUIRED';
  return null;
}
