import { countOf, messageCount, NOUNS } from '../format';

/**
 * Arabic texts of the sending window (the admin's days, hours and holidays) and of the plan a user reads
 * before sending. Dates reach these functions already written (the web formats them in Saudi time).
 */

/** 0 = Sunday … 6 = Saturday. */
export const WEEKDAY_NAMES = ['الأحد', 'الاثنين', 'الثلاثاء', 'الأربعاء', 'الخميس', 'الجمعة', 'السبت'] as const;

/** "الأحد – الخميس" for a run of days, else the days listed. */
export function windowDaysText(days: readonly number[]): string {
  const sorted = [...days].sort((a, b) => a - b);
  if (sorted.length === 7) return 'كل أيام الأسبوع';
  const consecutive = sorted.every((d, i) => i === 0 || d === (sorted[i - 1] as number) + 1);
  if (consecutive && sorted.length > 2)
    return `${WEEKDAY_NAMES[sorted[0] as number]} – ${WEEKDAY_NAMES[sorted[sorted.length - 1] as number]}`;
  return sorted.map((d) => WEEKDAY_NAMES[d]).join('، ');
}

export const sendPlanText = {
  heading: 'متى تُرسل رسائلك',
  modeLabel: 'وقت الإرسال',
  workingHours: 'في ساعات العمل فقط (موصى به)',
  workingHoursHint: (days: string, start: string, end: string) => `${days}، من ${start} إلى ${end} بتوقيت السعودية، عدا الإجازات الرسمية.`,
  anyTime: 'في أي وقت',
  anyTimeHint: 'تُرسل بأسرع ما تسمح به حدود الإرسال، ليلاً ونهاراً وفي عطلة نهاية الأسبوع.',
  loading: 'جارٍ حساب خطة الإرسال…',
  loadFailed: 'تعذر حساب خطة الإرسال.',
  retry: 'إعادة المحاولة',
  nothing: 'لا توجد رسائل لإرسالها الآن.',
  summary: (messages: number, days: number) =>
    days <= 1
      ? `ستُرسل ${messageCount(messages)} خلال يوم واحد.`
      : `ستُرسل ${messageCount(messages)} على مدى ${countOf(days, NOUNS.day, 'genitive')}.`,
  sendingDays: (n: number) => `أيام الإرسال الفعلية: ${countOf(n, NOUNS.day)}.`,
  starts: (when: string) => `تبدأ: ${when}`,
  finish: (when: string) => `الانتهاء المتوقع: ${when}`,
  firstDay: (n: number) => `في اليوم الأول: ${messageCount(n)}.`,
  ahead: (n: number) => `قبلها ${messageCount(n)} من طلبك السابق ما زالت في الانتظار.`,
  cap: (cap: number, sent: number) =>
    `حد بريدك اليومي ${messageCount(cap)} في كل 24 ساعة، أُرسل منها خلال آخر 24 ساعة ${messageCount(sent)}.`,
  notLinked: 'بعد ربط بريدك تُحسب الخطة من إرساله الفعلي خلال آخر 24 ساعة.',
  estimateNote: 'تقدير يُحدَّث في لوحة التحكم أثناء الإرسال.',
} as const;

export const sendingWindowAdminText = {
  heading: 'نافذة الإرسال (بتوقيت السعودية)',
  intro: 'الطلبات التي يختار أصحابها «ساعات العمل فقط» لا تُرسل إلا في هذه الأيام والساعات، ولا تُرسل في الإجازات.',
  days: 'أيام الإرسال',
  start: 'من الساعة',
  end: 'إلى الساعة',
  holidays: 'الإجازات الرسمية',
  holidaysHint: 'تاريخ واحد في كل سطر بالصيغة 2026-12-02 (ميلادي).',
  save: 'حفظ نافذة الإرسال',
  saved: 'تم حفظ نافذة الإرسال',
  saveFailed: 'تعذر حفظ نافذة الإرسال.',
  loadFailed: 'تعذر تحميل نافذة الإرسال.',
  retry: 'إعادة المحاولة',
  noDays: 'اختر يوماً واحداً على الأقل.',
  /** A window ending before it starts runs past midnight (22:00 to 02:00); only the same hour twice is refused. */
  endHint: 'نهاية قبل البداية (مثل 22:00 إلى 02:00) تعني أن الإرسال يستمر بعد منتصف الليل، ويُحسب لليوم الذي بدأ فيه.',
  badHours: 'يجب أن تختلف ساعة النهاية عن ساعة البداية.',
  badHolidays: (lines: string) => `تواريخ غير صحيحة: ${lines}`,
  tooManyHolidays: (max: number) => `الحد الأقصى ${countOf(max, NOUNS.date)}.`,
  noHolidays: 'لا توجد إجازات مسجلة.',
} as const;
