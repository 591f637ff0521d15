/**
 * How the interface writes numbers, dates and counts (ADR 005): one digit style, the Western digits the spec
 * writes its numbers in (+5,000, 3000, "05 أو +966"), while dates keep the Arabic (Saudi) month names and order.
 */

/** Arabic (Saudi Arabia) with Latin digits: "1,234.5", "22‏/11‏/2026، 3:20 م". Every number and date shown uses it. */
export const DISPLAY_LOCALE = 'ar-SA-u-nu-latn';

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
 * A count of messages in correct Arabic (Intl.PluralRules('ar')): رسالة واحدة، رسالتان، 3–10 رسائل،
 * 11–99 رسالة، 0 and 100+ رسالة (103 رسائل, 111 رسالة, as Arabic counts the last two digits).
 * The dual is رسالتان as a subject and رسالتين after a noun or preposition ('genitive': "تمت جدولة رسالتين").
 */
export function messageCount(n: number, grammaticalCase: 'nominative' | 'genitive' = 'nominative'): string {
  switch (arabicPlural.select(n)) {
    case 'one':
      return 'رسالة واحدة';
    case 'two':
      return grammaticalCase === 'genitive' ? 'رسالتين' : 'رسالتان';
    case 'few':
      return `${formatNumber(n)} رسائل`;
    default:
      return `${formatNumber(n)} رسالة`;
  }
}
