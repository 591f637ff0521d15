import { DISPLAY_LOCALE } from '@sira/shared';

/**
 * A sending time as a Saudi reader expects it: the weekday, the Gregorian date and the hour in Riyadh time
 * (whatever the browser's own zone), with the Umm al-Qura Hijri date beside it. Western digits (ADR 026).
 */
const gregorian = new Intl.DateTimeFormat(DISPLAY_LOCALE, {
  timeZone: 'Asia/Riyadh',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
const hijri = new Intl.DateTimeFormat('ar-SA-u-ca-islamic-umalqura-nu-latn', {
  timeZone: 'Asia/Riyadh',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

/** "الخميس، 26 نوفمبر 2026 في 3:20 م (5 جمادى الآخرة 1448 هـ)" */
export function formatSaudiDateTime(iso: string): string {
  const date = new Date(iso);
  return `${gregorian.format(date)} (${hijri.format(date)})`;
}
