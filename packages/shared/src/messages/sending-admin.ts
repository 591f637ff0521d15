/**
 * The admin panel's email_settings and email_logs tabs (spec §2, §5, §8): Arabic texts and error codes.
 * zod-free, so the web can import it at run time; the schemas are in schemas/sending-admin.
 */
import { countOf, formatNumber, messageCount, NOUNS } from '../format';
import { jobStatusText } from './sending';

export const sendingSettingsText = {
  heading: 'إعدادات الإرسال',
  /** Spec §2: the tab warns about performance and reliability. */
  warning:
    'تنبيه: تغيير هذه القيم يؤثر على أداء الإرسال وموثوقيته. القيم المرتفعة جداً قد تؤدي إلى إيقاف Google لحسابات المستخدمين مؤقتاً أو وصول الرسائل إلى البريد المزعج، والقيم المنخفضة جداً تبطئ الإرسال.',
  fields: {
    batch_size: 'حجم الدفعة (عدد الرسائل)',
    batch_delay: 'التأخير بين الدفعات (بالثواني)',
    email_delay: 'التأخير بين الرسائل (بالثواني)',
    max_per_minute: 'الحد الأقصى في الدقيقة',
    max_per_hour: 'الحد الأقصى في الساعة',
    retry_delay: 'التأخير قبل إعادة المحاولة (بالثواني)',
    max_retries: 'الحد الأقصى لإعادة المحاولة',
  },
  dailyCapsHeading: 'الحد اليومي لكل بريد (خلال 24 ساعة متحركة)',
  dailyCaps: {
    gmail: 'حسابات Gmail الشخصية',
    workspace: 'حسابات Google Workspace',
    outlook: 'حسابات Outlook.com الشخصية',
    microsoft365: 'حسابات Microsoft 365 للعمل أو الدراسة',
    smtp: 'صناديق SMTP الأخرى (بلا إعداد جاهز)',
  },
  save: 'حفظ الإعدادات',
  saving: 'جارٍ الحفظ…',
  /** Spec §8, verbatim. */
  loadFailed: 'فشل جلب إعدادات الإرسال',
  /** Spec §8, verbatim. */
  saveFailed: 'فشل الحفظ',
  /** Spec §8, verbatim. */
  saved: 'تم حفظ الإعدادات بنجاح',
  /** A request whose groups are not sets of fields (the form never sends one). */
  invalid: 'لم تصل الإعدادات بالشكل المتوقع، فلم يُحفظ شيء. حدّث الصفحة وأعد المحاولة.',
  /**
   * A field's range, with the numbers as the admin types them. A value outside it is saved as its nearest end
   * (spec §5: nothing typed is refused), and the save says so (savedSettled).
   */
  range: ({ min, max }: { min: number; max: number }) => `عدد صحيح من ${formatNumber(min)} إلى ${formatNumber(max)}`,
  /**
   * A save that stored something else than was typed (spec §5 settles values instead of refusing them): the toast
   * names each such field, what was typed and what was saved, so nothing changes behind the admin's back.
   */
  savedSettled: (changes: ReadonlyArray<{ label: string; typed: string; saved: number; limits: { min: number; max: number } }>) =>
    `تم حفظ الإعدادات، مع تعديل ما خرج عن المسموح: ${changes
      .map(
        (c) =>
          `${c.label}: ${c.typed === '' ? 'تُرك فارغاً' : `كُتب ${c.typed}`} فحُفظ ${formatNumber(c.saved)} (المسموح ${formatNumber(c.limits.min)}–${formatNumber(c.limits.max)})`,
      )
      .join('؛ ')}.`,
  retry: 'إعادة المحاولة',
} as const;

export const sendingLogsText = {
  heading: 'سجلات الرسائل',
  /** Spec §8, verbatim. */
  loadFailed: 'حدث خطأ أثناء جلب سجلات الرسائل',
  searchPlaceholder: 'ابحث بالبريد الإلكتروني للمستخدم أو عنوان الرسالة',
  statusFilter: 'الحالة',
  allStatuses: 'جميع الحالات',
  // 'in progress' counts the waiting jobs and those being sent (the four counters add up to the total), named
  // with the words the status column uses for those two states.
  summary: {
    total: 'إجمالي الطلبات',
    inProgress: `${jobStatusText.pending} أو ${jobStatusText.processing}`,
    completed: 'مكتملة',
    failed: 'فاشلة',
  },
  columns: { user: 'المستخدم', package: 'الباقة', subject: 'العنوان', status: 'الحالة', result: 'نجاح / فشل', date: 'التاريخ' },
  /** Spec §2: scheduled e-mails appear as 'in queue' without counts. */
  inQueue: 'في قائمة الانتظار',
  empty: 'لا توجد سجلات رسائل.',
  noPackage: 'غير متوفر',
  retry: 'إعادة المحاولة',
} as const;

/**
 * The switch that pauses all sending (the email_settings tab, ADR 019): for an incident, and set by itself when
 * the database was restored from a backup or copied.
 */
export const sendingPauseText = {
  heading: 'إيقاف الإرسال للجميع',
  intro:
    'يوقف إرسال رسائل جميع المستخدمين خلال ثوانٍ، عند حادث أو بعد استعادة نسخة احتياطية. تبقى الجدولة متاحة، وتنتظر الرسائل في قائمة الانتظار حتى الاستئناف، ويرى المستخدمون ذلك في لوحاتهم.',
  running: 'الإرسال يعمل.',
  pausedByAdmin: (by: string, when: string) => `الإرسال متوقف للجميع: أوقفه ${by} في ${when}.`,
  pausedByRestore: (when: string) =>
    `الإرسال متوقف للجميع منذ ${when} لأن قاعدة البيانات استُعيدت من نسخة احتياطية أو نُسخت إلى مكان جديد، ولن يُستأنف إلا بقرار منك.`,
  /** The deliveries that were being sent in the copy: failed, their credit returned, offered to "resend failed". */
  interrupted: (count: number) =>
    `${messageCount(count)} كانت قيد الإرسال في النسخة، وربما وصلت قبل ذلك: سُجّلت فاشلة وأُعيد رصيدها، ولم تُرسل مرة أخرى، ويستطيع أصحابها إعادة إرسالها.`,
  /** Said before resuming a restored database: what resuming sends. */
  restoreAdvice:
    'قبل الاستئناف تأكد أن قاعدة البيانات الأصلية لم تعد ترسل (أوقف عملياتها): عند الاستئناف تُرسل الرسائل المنتظرة في هذه النسخة، وما أرسلته الأصلية منها بعد أخذ النسخة سيصل مرة ثانية.',
  environment:
    'متغيّر البيئة SENDING_PAUSED مضبوط على الخادم: يبقى الإرسال متوقفاً مهما كان هذا الخيار، حتى يُزال المتغيّر وتُعاد تشغيل العمليات.',
  waiting: (messages: number, users: number) =>
    messages === 0
      ? 'لا توجد رسائل بانتظار الإرسال.'
      : `بانتظار الإرسال: ${messageCount(messages)} لدى ${countOf(users, NOUNS.user, 'genitive')}.`,
  pause: 'إيقاف الإرسال للجميع',
  resume: 'استئناف الإرسال',
  resumeConfirmTitle: 'استئناف الإرسال لجميع المستخدمين',
  resumeConfirmBody: 'ستبدأ الرسائل المنتظرة بالخروج من بريد أصحابها خلال ثوانٍ، بالوتيرة المضبوطة أعلاه.',
  resumeConfirm: 'تأكيد الاستئناف',
  cancel: 'إلغاء',
  paused: 'تم إيقاف الإرسال للجميع',
  resumed: 'تم استئناف الإرسال',
  loadFailed: 'حدث خطأ أثناء جلب حالة الإرسال.',
  saveFailed: 'تعذّر تغيير حالة الإرسال. يرجى المحاولة مرة أخرى.',
  retry: 'إعادة المحاولة',
} as const;

export const sendingAdminErrorCodes = {
  /** A group of the request is not a set of fields (typed values themselves are settled, never refused). */
  INVALID_SETTINGS: 'INVALID_SETTINGS',
} as const;
export type SendingAdminErrorCode = keyof typeof sendingAdminErrorCodes;

const messageByCode: Record<SendingAdminErrorCode, string> = {
  INVALID_SETTINGS: sendingSettingsText.invalid,
};

export function sendingAdminMessage(code: string | undefined): string | undefined {
  return code && code in messageByCode ? messageByCode[code as SendingAdminErrorCode] : undefined;
}
