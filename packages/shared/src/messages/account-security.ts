/** The dashboard's sign-ins card and data-retention notice, and the admin's retention setting (ADR 012). */

import { countOf, NOUNS } from '../format';

/** A number of days after «بعد» in correct Arabic: 7 أيام، 90 يوماً، 100 يوم. */
export const dayCount = (n: number): string => countOf(n, NOUNS.day, 'genitive');
export const accountSecurityText = {
  signIns: {
    heading: 'عمليات تسجيل الدخول الأخيرة',
    intro: 'إذا رأيت جهازاً لا تعرفه، سجّل الخروج من الأجهزة الأخرى ثم غيّر كلمة المرور.',
    loadFailed: 'تعذّر جلب عمليات تسجيل الدخول',
    empty: 'لا توجد عمليات تسجيل دخول مسجلة بعد.',
    thisDevice: 'هذا الجهاز',
    stillSignedIn: 'ما زال مسجلاً',
    signedOut: 'انتهت الجلسة',
    /** A wrong password given for the account's address. */
    failedAttempt: 'محاولة دخول فاشلة: كلمة مرور خاطئة',
    /** Shown under the list when it holds a failed attempt. */
    failedNote:
      'المحاولة الفاشلة تعني أن أحداً أدخل بريدك الإلكتروني بكلمة مرور خاطئة. إن لم تكن أنت، فاختر كلمة مرور قوية لا تستخدمها في موقع آخر.',
    addressUnknown: 'عنوان غير معروف',
    /** Shown under the list: why no city is named. */
    addressNote: 'يظهر جزء من عنوان IP فقط، ولا نحدد المدينة.',
    signOutOthers: 'تسجيل الخروج من جميع الأجهزة الأخرى',
    confirmTitle: 'تسجيل الخروج من الأجهزة الأخرى',
    confirmBody: 'ستُنهى جميع الجلسات الأخرى لحسابك، ويبقى هذا الجهاز مسجلاً. هل تريد المتابعة؟',
    confirm: 'تسجيل الخروج منها',
    cancel: 'إلغاء',
    close: 'إغلاق',
    doneNone: 'لا توجد أجهزة أخرى مسجلة الدخول.',
    done: (n: number) => `تم تسجيل الخروج من ${countOf(n, NOUNS.otherDevice, 'genitive')}.`,
    failed: 'تعذّر تسجيل الخروج من الأجهزة الأخرى',
  },
  retention: {
    heading: 'مدة الاحتفاظ ببياناتك',
    loadFailed: 'تعذّر جلب مدة الاحتفاظ ببياناتك',
    nothingHeld: (days: number) =>
      `لا نحتفظ حالياً بأي سيرة ذاتية أو نص رسالة أو قائمة شركات أو نص إعلان وظيفة لك. نحذفها تلقائياً بعد ${dayCount(days)} من انتهاء آخر عملية إرسال.`,
    waiting: (days: number) =>
      `ستُحذف سيرتك الذاتية ونصوص رسائلك وقائمة شركاتك ونصوص إعلانات الوظائف التي تقدمت إليها تلقائياً بعد ${dayCount(days)} من انتهاء عملية الإرسال الجارية.`,
    deleteOn: (date: string) => `ستُحذف سيرتك الذاتية ونصوص رسائلك وقائمة شركاتك ونصوص إعلانات الوظائف التي تقدمت إليها تلقائياً في ${date}.`,
    kept: 'تبقى أعداد الرسائل وحالاتها ظاهرة لك بعد الحذف. رفع سيرة جديدة أو إضافة شركة إلى قائمتك أو إرسال جديد يبدأ المدة من جديد.',
  },
  admin: {
    heading: 'مدة الاحتفاظ بالسير الذاتية والرسائل',
    description:
      'تُحذف ملفات السير الذاتية ونصوص الرسائل وقوائم الشركات الخاصة ونصوص إعلانات الوظائف لكل مستخدم تلقائياً بعد هذا العدد من الأيام من انتهاء آخر عملية إرسال له (أو آخر رفع لسيرة أو إضافة إلى قائمته). تبقى الأعداد والحالات.',
    days: 'عدد الأيام',
    save: 'حفظ',
    saved: 'تم حفظ مدة الاحتفاظ',
    loadFailed: 'تعذّر جلب مدة الاحتفاظ',
    outOfRange: (min: number, max: number) => `أدخل عدد أيام صحيحاً بين ${min} و${max}.`,
  },
} as const;
