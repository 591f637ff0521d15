import { formatNumber, messageCount } from '../format';
import { messageForCode } from './ar';

/** Arabic texts of the admin users tab (spec §2, §5, §8); spec strings are verbatim. */
export const usersAdminTexts = {
  title: 'المستخدمون',
  searchLabel: 'البحث بالبريد الإلكتروني',
  searchPlaceholder: 'اكتب جزءاً من البريد الإلكتروني',
  usersCount: 'عدد المستخدمين (دون المشرفين)',
  adminsCount: 'عدد المشرفين',
  email: 'البريد الإلكتروني',
  name: 'الاسم',
  /** A user who has not given their name yet (it is asked before the first send). */
  noName: 'لم يُدخل بعد',
  package: 'الباقة',
  remaining: 'الرسائل المتبقية',
  registeredAt: 'تاريخ التسجيل',
  actions: 'الإجراءات',
  edit: 'تعديل',
  editLabel: (email: string) => `تعديل المستخدم ${email}`,
  editTitle: 'تعديل بيانات المستخدم',
  save: 'حفظ',
  cancel: 'إلغاء',
  remainingResetHint: (limit: number) => `عند تغيير الباقة يُعاد ضبط الرصيد إلى حد الباقة الجديدة (${messageCount(limit)}).`,
  empty: 'لا يوجد مستخدمون',
  emptySearch: 'لا يوجد مستخدمون يطابقون البحث',
  showing: (from: number, to: number, total: number) => `عرض ${formatNumber(from)} إلى ${formatNumber(to)} من ${formatNumber(total)}`,
  pagination: 'صفحات قائمة المستخدمين',
  page: (page: number, pages: number) => `صفحة ${formatNumber(page)} من ${formatNumber(pages)}`,
  previous: 'السابق',
  next: 'التالي',
  /** Spec §8, verbatim. */
  capWarning: 'تنبيه: تم عرض 1000 مستخدم فقط (الحد الأقصى). قد يكون هناك مستخدمين إضافيين غير ظاهرين.',
  /** Spec §8, verbatim. */
  updated: 'تم تحديث بيانات المستخدم بنجاح',
  /** Spec §5/§8, verbatim. */
  packageNotFound: 'الباقة غير موجودة',
  userNotFound: 'المستخدم غير موجود. ربما حُذف الحساب.',
  ownAdminPackage: 'لا يمكنك تغيير باقة حسابك الإداري بنفسك، حتى لا تفقد صلاحية الوصول إلى لوحة المشرف.',
  quantityInvalid: 'عدد الرسائل يجب أن يكون رقماً صحيحاً يساوي صفراً أو أكثر.',
  balanceChanged:
    'تغيّر رصيد هذا المستخدم منذ فتحت نافذة التعديل (ربما أرسل رسائل أو اشترى باقة). أُعيد تحميل القائمة؛ افتح التعديل مجدداً وراجع الرصيد.',
  packagesFailed: 'تعذر تحميل قائمة الباقات، فلا تظهر هنا إلا الباقة الحالية. يمكنك تعديل الرصيد الآن، أو إعادة فتح التبويب لتغيير الباقة.',
} as const;

/** Error codes of /api/admin/users, each with the case that raises it. */
const usersAdminErrorCodes = {
  /** PATCH names a package that does not exist (spec §5). */
  PACKAGE_NOT_FOUND: 'PACKAGE_NOT_FOUND',
  /** PATCH targets a profile id that does not exist. */
  USER_NOT_FOUND: 'USER_NOT_FOUND',
  /** An administrator tried to move their own account off the admin package (it would lock them out). */
  OWN_ADMIN_PACKAGE: 'OWN_ADMIN_PACKAGE',
  /** The package stays and the balance moved since the form opened (messagesRemainingWas). */
  BALANCE_CHANGED: 'BALANCE_CHANGED',
} as const;
type UsersAdminErrorCode = keyof typeof usersAdminErrorCodes;

const textByCode: Record<UsersAdminErrorCode, string> = {
  PACKAGE_NOT_FOUND: usersAdminTexts.packageNotFound,
  USER_NOT_FOUND: usersAdminTexts.userNotFound,
  OWN_ADMIN_PACKAGE: usersAdminTexts.ownAdminPackage,
  BALANCE_CHANGED: usersAdminTexts.balanceChanged,
};

/** The Arabic text for an error of the users tab; codes it does not own fall back to the app-wide map. */
export function usersAdminMessageForCode(code: string | undefined): string {
  if (code && code in textByCode) return textByCode[code as UsersAdminErrorCode];
  return messageForCode(code);
}
