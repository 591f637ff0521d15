import { describe, expect, it } from 'vitest';
import { countOf, DISPLAY_LOCALE, formatNumber, formatPercent, messageCount, NOUNS } from './format';
import { accountSecurityText } from './messages/account-security';
import { paymentDialogTexts } from './messages/billing';
import { mailboxText } from './messages/mailbox';
import { sendingText, targetingText } from './messages/sending';
import { sendingSettingsText } from './messages/sending-admin';

const arabicIndicDigit = /[\u0660-\u0669\u06F0-\u06F9]/;

describe('numbers as the interface writes them (ADR 026: Western digits)', () => {
  it('uses Western digits, a comma for thousands and a point for decimals', () => {
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(5000)).toBe('5,000');
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(formatNumber(2.5)).toBe('2.5');
    expect(formatNumber(1.25, 1)).toBe('1.3');
    expect(formatNumber(3, 1)).toBe('3');
  });

  it('writes a whole percent with a plain % sign', () => {
    expect(formatPercent(26.36)).toBe('26%');
    expect(formatPercent(24.62)).toBe('25%');
    expect(formatPercent(21.5)).toBe('22%');
    expect(formatPercent(0.2)).toBe('0%');
  });

  it('keeps Arabic dates (Saudi order and day-period words) with Western digits', () => {
    const at = new Date(Date.UTC(2026, 10, 22, 15, 20));
    const text = new Intl.DateTimeFormat(DISPLAY_LOCALE, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(at);
    expect(text).not.toMatch(arabicIndicDigit);
    expect(text).toContain('2026');
    expect(text).toMatch(/م$/);
    const long = new Intl.DateTimeFormat(DISPLAY_LOCALE, { dateStyle: 'long', timeZone: 'UTC' }).format(at);
    expect(long).toContain('نوفمبر');
  });
});

describe('a counted noun in Arabic (Intl.PluralRules ar)', () => {
  const company = (n: number, grammaticalCase?: 'nominative' | 'genitive') => countOf(n, NOUNS.company, grammaticalCase);

  it("zero: the number with the singular, or the noun's own phrase", () => {
    expect(new Intl.PluralRules('ar').select(0)).toBe('zero');
    expect(company(0)).toBe('0 شركة');
    expect(countOf(0, { ...NOUNS.company, zero: 'لا شركات' })).toBe('لا شركات');
  });

  it('one: a phrase without a digit', () => {
    expect(company(1)).toBe('شركة واحدة');
    expect(countOf(1, NOUNS.otherDevice)).toBe('جهاز آخر');
  });

  it('two: the dual, nominative or after a preposition', () => {
    expect(company(2)).toBe('شركتان');
    expect(company(2, 'genitive')).toBe('شركتين');
    expect(countOf(2, NOUNS.day, 'genitive')).toBe('يومين');
  });

  it('few (3–10, and 103–110): the plural', () => {
    expect(company(3)).toBe('3 شركات');
    expect(company(10)).toBe('10 شركات');
    expect(company(103)).toBe('103 شركات');
    expect(countOf(3, NOUNS.otherDevice, 'genitive')).toBe('3 أجهزة أخرى');
    expect(countOf(3, NOUNS.invalidRow)).toBe('3 صفوف غير صالحة');
  });

  it('many (11–99): the singular, accusative where Arabic marks it', () => {
    expect(company(11)).toBe('11 شركة');
    expect(company(99)).toBe('99 شركة');
    expect(countOf(12, NOUNS.otherDevice)).toBe('12 جهازاً آخر');
    expect(countOf(90, NOUNS.day)).toBe('90 يوماً');
    expect(countOf(25, NOUNS.row)).toBe('25 صفاً');
  });

  it('other (100, 1000…): the singular with grouped digits', () => {
    expect(company(100)).toBe('100 شركة');
    expect(company(11714)).toBe('11,714 شركة');
    expect(countOf(100, NOUNS.day)).toBe('100 يوم');
  });

  it('is what the texts with a count say', () => {
    expect(targetingText.receive(10)).toBe('ستصل سيرتك إلى 10 شركات.');
    expect(targetingText.receive(2)).toBe('ستصل سيرتك إلى شركتين.');
    expect(accountSecurityText.signIns.done(12)).toBe('تم تسجيل الخروج من 12 جهازاً آخر.');
    expect(accountSecurityText.signIns.done(1)).toBe('تم تسجيل الخروج من جهاز آخر.');
  });
});

describe('a count of messages in Arabic', () => {
  it('follows the Arabic plural forms', () => {
    expect(messageCount(1)).toBe('رسالة واحدة');
    expect(messageCount(2)).toBe('رسالتان');
    expect(messageCount(2, 'genitive')).toBe('رسالتين');
    expect(messageCount(3)).toBe('3 رسائل');
    expect(messageCount(10)).toBe('10 رسائل');
    expect(messageCount(11)).toBe('11 رسالة');
    expect(messageCount(99)).toBe('99 رسالة');
    expect(messageCount(0)).toBe('0 رسالة');
    expect(messageCount(100)).toBe('100 رسالة');
    expect(messageCount(103)).toBe('103 رسائل');
    expect(messageCount(1000)).toBe('1,000 رسالة');
    expect(messageCount(5000)).toBe('5,000 رسالة');
  });

  it('is what the texts that show a count say', () => {
    expect(sendingText.scheduled(10)).toBe('تمت جدولة 10 رسائل بنجاح. سيبدأ الإرسال تلقائياً من بريدك.');
    expect(sendingText.scheduled(2)).toBe('تمت جدولة رسالتين بنجاح. سيبدأ الإرسال تلقائياً من بريدك.');
    expect(sendingText.scheduled(25)).toBe('تمت جدولة 25 رسالة بنجاح. سيبدأ الإرسال تلقائياً من بريدك.');
    expect(sendingText.held(1)).toBe('رسالة واحدة بانتظار إعادة ربط بريدك في Gmail.');
    expect(sendingText.held(13)).toBe('13 رسالة بانتظار إعادة ربط بريدك في Gmail.');
    expect(mailboxText.confirmUnlinkActive(3)).toMatch(/^لديك 3 رسائل قيد الانتظار أو الإرسال\./);
    expect(mailboxText.heldDeliveries(2)).toBe('توقفت رسالتان بانتظار إعادة ربط بريدك.');
    expect(paymentDialogTexts.messages(1000)).toBe('1,000 رسالة');
  });

  it('writes the résumé size and the settings ranges in Arabic words and Western digits', () => {
    expect(sendingText.resumeSizeHint).toBe('ملف PDF حتى 5 ميغابايت');
    expect(sendingSettingsText.range({ min: 1, max: 100_000 })).toBe('عدد صحيح من 1 إلى 100,000');
  });
});
