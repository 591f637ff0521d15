import { PACKAGE_COMPANY_LIMIT } from '../constants';
import { countOf, formatNumber, NOUNS } from '../format';
import { messageForCode } from './ar';

/** Arabic texts of the admin packages tab (spec §2, §5, §8); spec strings are verbatim. */
export const packagesAdminTexts = {
  title: 'الباقات',
  add: 'إضافة باقة',
  addTitle: 'إضافة باقة جديدة',
  editTitle: (name: string) => `تعديل الباقة ${name}`,
  edit: 'تعديل',
  editLabel: (name: string) => `تعديل الباقة ${name}`,
  delete: 'حذف',
  deleteLabel: (name: string) => `حذف الباقة ${name}`,
  deleteTitle: 'حذف الباقة',
  save: 'حفظ',
  cancel: 'إلغاء',
  close: 'إغلاق',
  name: 'اسم الباقة',
  price: 'السعر (ريال)',
  messagesLimit: 'عدد الرسائل',
  features: 'المزايا',
  featuresHint: 'اكتب كل ميزة في سطر مستقل.',
  canUploadExcel: 'السماح برفع ملف Excel',
  description: 'الوصف',
  icon: 'الأيقونة',
  iconHint: 'اسم أيقونة اختياري، مثل rocket أو crown.',
  ctaText: 'نص زر الاشتراك',
  highlighted: 'الأكثر طلباً (تظهر بارزة في صفحة الأسعار)',
  highlightedHint: 'باقة واحدة فقط تحمل هذه الشارة: تحديد هذه الباقة يزيلها عن غيرها.',
  /** Why a package's delete button is disabled, shown beside it and read with it. */
  deleteBlocked: {
    reserved: 'لا تُحذف: يعتمد عليها النظام',
    inUse: (profiles: number, companies: number) =>
      `لا تُحذف: يستخدمها ${countOf(profiles, NOUNS.user)} و${countOf(companies, NOUNS.company)}`,
  },
  originalPrice: 'السعر قبل الخصم (ريال)',
  discountPercent: 'نسبة الخصم (%)',
  displaySection: 'بيانات العرض في صفحة الأسعار',
  usage: 'الاستخدام',
  actions: 'الإجراءات',
  usageText: (profiles: number, companies: number) =>
    `${countOf(profiles, NOUNS.user)}، ${countOf(companies, NOUNS.company)}${companies > PACKAGE_COMPANY_LIMIT ? ` (يصل طلب الإرسال الواحد إلى ${formatNumber(PACKAGE_COMPANY_LIMIT)} منها على الأكثر)` : ''}`,
  reservedBadge: 'محجوزة',
  reservedHint: 'باقة نظامية محجوزة: لا يمكن حذفها ولا تغيير اسمها.',
  legend: 'الباقات المحجوزة (تجريبي، مجاني، admin) لا تُحذف ولا يتغير اسمها، ولا تُحذف باقة ما دام يستخدمها مستخدمون أو شركات.',
  excelYes: 'نعم',
  excelNo: 'لا',
  excelColumn: 'رفع Excel',
  empty: 'لا توجد باقات بعد. أضف أول باقة.',
  nameRequired: 'يرجى إدخال اسم الباقة',
  /** Spec §5, verbatim. */
  confirmDelete: 'هل أنت متأكد من حذف هذه الباقة؟',
  /** Spec §8, verbatim. */
  updated: 'تم تحديث الباقة بنجاح',
  /** Spec §8, verbatim. */
  added: 'تمت إضافة الباقة بنجاح',
  /** Spec §8, verbatim. */
  deleted: 'تم حذف الباقة بنجاح',
  nameTaken: 'يوجد باقة بهذا الاسم بالفعل. اختر اسماً آخر.',
  reserved: 'هذه باقة نظامية محجوزة (تجريبي، مجاني، admin): لا يمكن حذفها ولا تغيير اسمها.',
  inUse: 'لا يمكن حذف هذه الباقة لأنها مرتبطة بمستخدمين أو شركات. انقلهم إلى باقة أخرى أولاً.',
  beingPaid: 'لا يمكن حذف هذه الباقة الآن: توجد فواتير لها قيد الدفع. حاول مرة أخرى بعد إتمامها أو انتهاء صلاحيتها.',
  notFound: 'الباقة غير موجودة',
  priceHint: '0 لباقة مجانية، أو 5 ريالات فأكثر (أقل مبلغ تقبله بوابة الدفع).',
  priceBelowMinimum: 'السعر إما 0 لباقة مجانية أو 5 ريالات على الأقل، وهو أقل مبلغ تقبله بوابة الدفع.',
} as const;

/** Error codes of /api/admin/packages, each with the case that raises it. */
const packagesAdminErrorCodes = {
  /** POST or PATCH with a name another package already has. */
  PACKAGE_NAME_TAKEN: 'PACKAGE_NAME_TAKEN',
  /** DELETE of a reserved package, or PATCH renaming one (RESERVED_PACKAGE_NAMES). */
  PACKAGE_RESERVED: 'PACKAGE_RESERVED',
  /** DELETE of a package that profiles or companies still reference. */
  PACKAGE_IN_USE: 'PACKAGE_IN_USE',
  /** DELETE of a package with an invoice that may still be paid (pending, processing, or declined but retryable). */
  PACKAGE_BEING_PAID: 'PACKAGE_BEING_PAID',
  /** POST or PATCH with a price between 0 and Paylink's minimum (isSellablePrice). */
  PACKAGE_PRICE_BELOW_MINIMUM: 'PACKAGE_PRICE_BELOW_MINIMUM',
  /** PATCH or DELETE of an id that does not exist (deleted meanwhile). */
  PACKAGE_NOT_FOUND: 'PACKAGE_NOT_FOUND',
} as const;
type PackagesAdminErrorCode = keyof typeof packagesAdminErrorCodes;

const textByCode: Record<PackagesAdminErrorCode, string> = {
  PACKAGE_NAME_TAKEN: packagesAdminTexts.nameTaken,
  PACKAGE_RESERVED: packagesAdminTexts.reserved,
  PACKAGE_IN_USE: packagesAdminTexts.inUse,
  PACKAGE_BEING_PAID: packagesAdminTexts.beingPaid,
  PACKAGE_NOT_FOUND: packagesAdminTexts.notFound,
  PACKAGE_PRICE_BELOW_MINIMUM: packagesAdminTexts.priceBelowMinimum,
};

/** The Arabic text for an error of the packages tab; codes it does not own fall back to the app-wide map. */
export function packagesAdminMessageForCode(code: string | undefined): string {
  if (code && code in textByCode) return textByCode[code as PackagesAdminErrorCode];
  return messageForCode(code);
}
