import { describe, expect, it } from 'vitest';
import { formatSaudiDateTime } from './saudi-time';
import { readWindowDraft } from './window-form';

describe('sending window form', () => {
  it('reads days, hours and holidays (one a line, commas too), sorted and without repeats', () => {
    expect(
      readWindowDraft({ days: ['4', '0', '2'], start: '08:00', end: '16:30', holidays: '2027-12-02\n2027-09-23, 2027-12-02\n' }),
    ).toEqual({
      settings: { days: [0, 2, 4], start: '08:00', end: '16:30', holidays: ['2027-09-23', '2027-12-02'] },
    });
  });

  it('takes an end before the start as a window running past midnight', () => {
    expect(readWindowDraft({ days: ['0'], start: '22:00', end: '02:00', holidays: '' })).toEqual({
      settings: { days: [0], start: '22:00', end: '02:00', holidays: [] },
    });
  });

  it('names each problem in Arabic: no day, an end the same as the start, a date that is not one', () => {
    expect(readWindowDraft({ days: [], start: '08:00', end: '08:00', holidays: '2027-02-30\n30/11/2027' })).toEqual({
      problems: {
        days: 'اختر يوماً واحداً على الأقل.',
        end: 'يجب أن تختلف ساعة النهاية عن ساعة البداية.',
        holidays: 'تواريخ غير صحيحة: 2027-02-30، 30/11/2027',
      },
    });
  });
});

describe('Saudi date and time', () => {
  it('writes Riyadh time with the weekday, Western digits and the Umm al-Qura date beside it, whatever the browser’s zone', () => {
    // 12:20 UTC is 3:20 p.m. in Riyadh.
    expect(formatSaudiDateTime('2026-11-26T12:20:00Z')).toBe('الخميس، 26 نوفمبر 2026 في 3:20 م (16 جمادى الآخرة 1448 هـ)');
  });
});
