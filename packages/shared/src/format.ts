/**
 * How the interface writes numbers, dates and counts (ADR 026): one digit style, the Western digits the spec
 * writes its numbers in (+5,000, 3000, "05 أو +966"), while dates keep the Arabic (Saudi) month names and order.
 */

/** Arabic (Saudi Arabia) with Latin digits: "1,234.5", "22‏/11‏/2026، 3:20 م". Every number and date shown uses it. */
export const DISPLAY_LOCALE = 'ar-SA-u-nu-latn';
/**
 * Dates and times are shown in Saudi time, wherever the browser is: the product's days, working hours and
 * sending window are Saudi ones, and a page the server draws (ADR 028) reads the same in the HTML and after
 * the browser takes it over.
 */
export const DISPLAY_TIME_ZONE = 'Asia/Riyadh';

const plain = new Intl.NumberFormat(DISPLAY_LOCALE);
const byFractionDigits = new Map<number, Intl.NumberFormat>();

/** A number with thousands separators: 5000 → "5,000", 2.5 → "2.5"; up to three decimals unless told. */
export function formatNumber(n: number, maxFractionDigits?: number): string {
  if (maxFractionDigits === undefined) return plain.format(n);
  let format = byFractionDigits.get(maxFractionDigits);
  if (!format) {
    format = new Intl.NumberFormat(DISPLAY_LOCALE, { maximumFractionDigits: maxFractionDigits });
    byFractionDigits.set(maxFractionDigits, format);
  }
  return format.format(n);
}

/** A whole percent with a plain '%' (the locale would write the Arabic ٪): 26.36 → "26%". */
export function formatPercent(percent: number): string {
  return `${formatNumber(Math.round(percent) + 0)}%`;
}

const arabicPlural = new Intl.PluralRules('ar');

/**
 * How a counted noun is written in each of Arabic's plural forms (Intl.PluralRules('ar')). `one` and `two`
 * are whole phrases (شركة واحدة، شركتان); `few` (3–10, 103…), `many` (11–99) and `other` (100, 1000…) follow
 * the number; `zero` is the whole phrase for 0 when the noun has one, else 0 is written with `other`. The dual
 * has a second form after a preposition or a verb ('genitive': "إلى شركتين", "تمت جدولة رسالتين").
 */
export interface CountedNoun {
  zero?: string;
  one: string;
  two: string;
  twoGenitive: string;
  few: string;
  many: string;
  other: string;
}

/** A count with its noun in correct Arabic: every counted noun the interface writes goes through here. */
export function countOf(n: number, noun: CountedNoun, grammaticalCase: 'nominative' | 'genitive' = 'nominative'): string {
  switch (arabicPlural.select(n)) {
    case 'zero':
      return noun.zero ?? `${formatNumber(n)} ${noun.other}`;
    case 'one':
      return noun.one;
    case 'two':
      return grammaticalCase === 'genitive' ? noun.twoGenitive : noun.two;
    case 'few':
      return `${formatNumber(n)} ${noun.few}`;
    case 'many':
      return `${formatNumber(n)} ${noun.many}`;
    default:
      return `${formatNumber(n)} ${noun.other}`;
  }
}

const noun = (one: string, two: string, twoGenitive: string, few: string, many: string, other = many): CountedNoun => ({
  one,
  two,
  twoGenitive,
  few,
  many,
  other,
});

/** The nouns the interface counts. */
export const NOUNS = {
  message: noun('رسالة واحدة', 'رسالتان', 'رسالتين', 'رسائل', 'رسالة'),
  company: noun('شركة واحدة', 'شركتان', 'شركتين', 'شركات', 'شركة'),
  day: noun('يوم واحد', 'يومان', 'يومين', 'أيام', 'يوماً', 'يوم'),
  otherDevice: noun('جهاز آخر', 'جهازان آخران', 'جهازين آخرين', 'أجهزة أخرى', 'جهازاً آخر', 'جهاز آخر'),
  row: noun('صف واحد', 'صفان', 'صفين', 'صفوف', 'صفاً', 'صف'),
  invalidRow: noun('صف واحد غير صالح', 'صفان غير صالحين', 'صفين غير صالحين', 'صفوف غير صالحة', 'صفاً غير صالح', 'صف غير صالح'),
  page: noun('صفحة واحدة', 'صفحتان', 'صفحتين', 'صفحات', 'صفحة'),
  user: noun('مستخدم واحد', 'مستخدمان', 'مستخدمَين', 'مستخدمين', 'مستخدماً', 'مستخدم'),
  second: noun('ثانية واحدة', 'ثانيتان', 'ثانيتين', 'ثوانٍ', 'ثانية'),
  cell: noun('خلية واحدة', 'خليتان', 'خليتين', 'خلايا', 'خلية'),
  sector: noun('قطاع واحد', 'قطاعان', 'قطاعين', 'قطاعات', 'قطاعاً', 'قطاع'),
  date: noun('تاريخ واحد', 'تاريخان', 'تاريخين', 'تواريخ', 'تاريخاً', 'تاريخ'),
} as const satisfies Record<string, CountedNoun>;

/** A count of messages: رسالة واحدة، رسالتان، 3–10 رسائل، 11–99 رسالة، 0 and 100+ رسالة (103 رسائل). */
export const messageCount = (n: number, grammaticalCase: 'nominative' | 'genitive' = 'nominative'): string =>
  countOf(n, NOUNS.message, grammaticalCase);
