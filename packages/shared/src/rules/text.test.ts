import { describe, expect, it } from 'vitest';
import { hasControlCharacter, hasLineBreak, withoutBidiScopes, withoutFormatCharacters } from './text';

describe('text rules', () => {
  it('finds control characters but not tabs, line breaks or the bidi marks', () => {
    for (const bad of ['a\u0000b', '\u0007', 'x\u001b[31m', 'a\u007f', 'a\u0085b', '\u009f'])
      expect(hasControlCharacter(bad), JSON.stringify(bad)).toBe(true);
    for (const ok of ['سطر\nسطر', 'a\tb', 'a\r\nb', 'باقة\u200f (Pro)', '\u061c123', 'نص عادي'])
      expect(hasControlCharacter(ok), JSON.stringify(ok)).toBe(false);
  });

  it('finds line breaks of every kind, and takes a tab for text', () => {
    for (const broken of ['a\nb', 'a\r\nb', 'a\rb', 'a\u2028b', 'a\u2029b', '\n'])
      expect(hasLineBreak(broken), JSON.stringify(broken)).toBe(true);
    for (const line of ['باقة الأعمال', 'a\tb', '']) expect(hasLineBreak(line), JSON.stringify(line)).toBe(false);
  });

  it('drops embeddings, overrides and isolates, and keeps the LRM, RLM and ALM marks', () => {
    expect(withoutBidiScopes('\u202eالباقة الذهبية\u202c')).toBe('الباقة الذهبية');
    expect(withoutBidiScopes('a\u202ab\u202bc\u202dd\u2066e\u2067f\u2068g\u2069')).toBe('abcdefg');
    expect(withoutBidiScopes('باقة Pro\u200f.')).toBe('باقة Pro\u200f.');
    expect(withoutBidiScopes('\u200eرقم\u061c 5')).toBe('\u200eرقم\u061c 5');
  });

  it('drops every format character from a file name, marks included, and keeps the Persian joiners', () => {
    expect(withoutFormatCharacters('\u200eCV\u202efdp.exe\u200f\u061c\u2066\u2069\u202a\u202c.pdf')).toBe('CVfdp.exe.pdf');
    expect(withoutFormatCharacters('C\u00adV\u2060\ufeff\u206a\u{e0001}\u2028\u2029\u0085\u0007\ud800.pdf')).toBe('CV.pdf');
    expect(withoutFormatCharacters('می\u200cخواهم\u200d.pdf')).toBe('می\u200cخواهم\u200d.pdf');
    expect(withoutFormatCharacters('سيرة أحمد 😀.pdf')).toBe('سيرة أحمد 😀.pdf');
  });
});
