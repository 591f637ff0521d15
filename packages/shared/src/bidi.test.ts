import { describe, expect, it } from 'vitest';
import { isolateLtrRuns, ltrRuns } from './bidi';

const SENTENCE = 'راسلنا على help@sira.example أو اتصل بنا على +966 11 234 5678 عبر بريدك (Gmail) اليوم.';

describe('left-to-right runs in an Arabic sentence', () => {
  it('isolates the e-mail address, the phone number and the bracketed English word, brackets included', () => {
    expect(
      ltrRuns(SENTENCE)
        .filter((r) => r.ltr)
        .map((r) => r.text),
    ).toEqual(['help@sira.example', '+966 11 234 5678', '(Gmail)']);
    expect(
      ltrRuns(SENTENCE)
        .map((r) => r.text)
        .join(''),
    ).toBe(SENTENCE);
  });

  it('keeps a message placeholder whole, its braces unmirrored', () => {
    expect(
      ltrRuns('يمكنك استخدام {{company_name}} و{{sector}}، وستُستبدل.')
        .filter((r) => r.ltr)
        .map((r) => r.text),
    ).toEqual(['{{company_name}}', '{{sector}}']);
  });

  it('leaves the full stop after an address to the sentence', () => {
    expect(ltrRuns('البريد help@sira.example.').map((r) => r.text)).toEqual(['البريد ', 'help@sira.example', '.']);
  });

  it('marks plain text with LRI … PDI and leaves Arabic alone', () => {
    expect(isolateLtrRuns(SENTENCE)).toBe(
      'راسلنا على \u2066help@sira.example\u2069 أو اتصل بنا على \u2066+966 11 234 5678\u2069 عبر بريدك \u2066(Gmail)\u2069 اليوم.',
    );
    expect(isolateLtrRuns('مرحباً بك في سيرة')).toBe('مرحباً بك في سيرة');
    expect(isolateLtrRuns('رصيدك 10 رسائل')).toBe('رصيدك 10 رسائل');
  });
});
