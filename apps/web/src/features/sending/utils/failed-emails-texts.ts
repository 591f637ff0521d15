import { DISPLAY_LOCALE, DISPLAY_TIME_ZONE } from '@sira/shared';

/** Texts of the failed e-mails table and its detail dialog. */
export const failedEmailTexts = {
  title: 'البريد الفاشل',
  legend: 'رسائل لم تصل إلى الشركات، الأحدث أولاً. اختر صفاً لعرض التفاصيل.',
  email: 'البريد الإلكتروني',
  user: 'المستخدم',
  reason: 'السبب',
  date: 'التاريخ',
  empty: 'لا توجد رسائل فاشلة.',
  pages: 'صفحات البريد الفاشل',
  /** The spec's toast when the list cannot be loaded (§8), with {msg} the Arabic text of the error. */
  fetchFailed: (msg: string) => `خطأ في جلب البريد الفاشل: ${msg}`,
};

export const formatDateTime = (iso: string) =>
  new Intl.DateTimeFormat(DISPLAY_LOCALE, { dateStyle: 'medium', timeStyle: 'short', timeZone: DISPLAY_TIME_ZONE }).format(new Date(iso));
