import type { DataExportStatus } from '../schemas/my-data';

/** The texts of the "my data" page (/my-data) and its answers. */
export const myDataText = {
  title: 'بياناتي',
  intro: 'يمكنك هنا تنزيل نسخة من جميع بياناتك لدى سيرة، وتصحيح رقم جوالك وبريدك الإلكتروني، وحذف حسابك نهائيًا.',
  dashboardLink: 'بياناتي: تنزيل أو تصحيح أو حذف',
  export: {
    title: 'تنزيل نسخة من بياناتي',
    description:
      'ملف ZIP يضم ملفك الشخصي وفواتيرك وطلبات الإرسال وكل شركة أُرسلت إليها سيرتك وقائمة شركاتك وملفاتها المرفوعة وإعلانات الوظائف التي تقدمت إليها (ملفات CSV تفتح في Excel) وملفات سيرتك الذاتية.',
    start: 'تجهيز نسخة من بياناتي',
    again: 'تجهيز نسخة جديدة',
    download: 'تنزيل الملف',
    progressLabel: 'تقدّم تجهيز الملف',
    status: {
      pending: 'في الانتظار…',
      running: 'جارٍ تجهيز الملف…',
      ready: 'الملف جاهز للتنزيل.',
      failed: 'تعذّر تجهيز الملف. يرجى المحاولة مرة أخرى.',
    } satisfies Record<DataExportStatus, string>,
    expires: (when: string) => `يُحذف الملف تلقائيًا في ${when}.`,
  },
  contact: {
    title: 'تصحيح بيانات التواصل',
    phoneLabel: 'رقم الجوال',
    phoneSave: 'حفظ رقم الجوال',
    phoneSaved: 'تم حفظ رقم الجوال.',
    emailLabel: 'البريد الإلكتروني الجديد',
    emailCurrent: (email: string) => `بريدك الحالي: ${email}`,
    /** The e-mail change is confirmed by the current password (ADR 012). */
    emailPasswordLabel: 'كلمة المرور الحالية',
    emailSave: 'إرسال رابط التأكيد',
    emailSent: (email: string) =>
      `أرسلنا رابط تأكيد إلى ${email}. لن يتغير بريدك حتى تفتح الرابط من البريد الجديد، وعندها نُعلم بريدك الحالي بالتغيير ونُنهي جلساتك على الأجهزة الأخرى.`,
    emailChanged: 'تم تغيير بريدك الإلكتروني. سُجّل خروجك من الأجهزة الأخرى.',
    /** The new address's link was used, expired, altered, or asked for before the change was undone. */
    emailLinkInvalid: 'رابط تأكيد البريد الجديد غير صالح أو انتهت صلاحيته، ولم يتغير بريدك. يمكنك طلب رابط جديد.',
  },
  deletion: {
    title: 'حذف الحساب',
    description:
      'يُحذف حسابك وملفات سيرتك وقائمة شركاتك وإعلانات الوظائف التي تقدمت إليها وبياناتك الشخصية نهائيًا، ويُلغى ربط Gmail ويُسحب إذن سيرة من Google، وتُلغى الرسائل التي لم تُرسل بعد ولا يُسترد رصيدها. تُحفظ الفواتير المدفوعة دون اسمك أو بريدك أو جوالك طوال المدة التي يوجبها نظام الدفاتر التجارية (عشر سنوات) ثم تُحذف.',
    passwordLabel: 'كلمة المرور للتأكيد',
    start: 'حذف حسابي',
    confirmTitle: 'تأكيد حذف الحساب',
    confirmText: 'لا يمكن التراجع عن الحذف. هل تريد حذف حسابك وجميع بياناتك؟',
    confirm: 'نعم، احذف حسابي',
    cancel: 'إلغاء',
    done: 'تم حذف حسابك وبياناتك.',
    revokeFailed: 'تعذّر الوصول إلى Google لسحب الإذن. حُذف الرمز من سيرة، ويمكنك إزالة وصول سيرة من صفحة أذونات حسابك في Google.',
  },
  csv: {
    field: 'الحقل',
    value: 'القيمة',
  },
} as const;

const myDataErrorCodes = {
  /** A wrong password confirming the deletion or an e-mail change. */
  WRONG_PASSWORD: 'WRONG_PASSWORD',
  /** The administrator's account is not deleted from this page. */
  ADMIN_ACCOUNT: 'ADMIN_ACCOUNT',
  /** A payment was started within the hour: it may still be completed, so the account waits for it. */
  PAYMENT_IN_PROGRESS: 'PAYMENT_IN_PROGRESS',
  EMAIL_SAME: 'EMAIL_SAME',
  /** The deletion asked without the password that confirms it. */
  PASSWORD_REQUIRED: 'PASSWORD_REQUIRED',
  /** An e-mail change asked without the current password that confirms it. */
  EMAIL_CHANGE_PASSWORD_REQUIRED: 'EMAIL_CHANGE_PASSWORD_REQUIRED',
  EXPORT_NOT_FOUND: 'EXPORT_NOT_FOUND',
} as const;
type MyDataErrorCode = keyof typeof myDataErrorCodes;

const messageByCode: Record<MyDataErrorCode, string> = {
  WRONG_PASSWORD: 'كلمة المرور غير صحيحة.',
  ADMIN_ACCOUNT: 'لا يمكن حذف حساب المشرف من هذه الصفحة.',
  PAYMENT_IN_PROGRESS: 'لديك عملية دفع بدأت قبل أقل من ساعة. يرجى المحاولة بعد اكتمالها أو بعد ساعة.',
  EMAIL_SAME: 'هذا هو بريدك الحالي.',
  PASSWORD_REQUIRED: 'يرجى إدخال كلمة المرور لتأكيد الحذف.',
  EMAIL_CHANGE_PASSWORD_REQUIRED: 'يرجى إدخال كلمة المرور الحالية لتأكيد تغيير البريد.',
  EXPORT_NOT_FOUND: 'انتهت صلاحية الملف أو أنه غير موجود. يمكنك تجهيز نسخة جديدة.',
};

export function myDataMessage(code: string | undefined): string | undefined {
  return code && code in messageByCode ? messageByCode[code as MyDataErrorCode] : undefined;
}
