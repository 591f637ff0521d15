import { describe, expect, it } from 'vitest';
import { formulaText } from './formula-text';

describe('the text a formula shows', () => {
  it('reads formulas that only compose text', () => {
    expect(formulaText('HYPERLINK("http://evil.example.com","click")')).toBe('click');
    expect(formulaText('=HYPERLINK("mailto:hr@co.sa")')).toBe('mailto:hr@co.sa');
    expect(formulaText('hyperlink( "mailto:hr@co.sa" , "hr@co.sa" )')).toBe('hr@co.sa');
    expect(formulaText('"شركة "&"الصيغة"')).toBe('شركة الصيغة');
    expect(formulaText('CONCATENATE("a",1,"b")')).toBe('a1b');
    expect(formulaText('_xlfn.CONCAT("x","y")&"z"')).toBe('xyz');
    expect(formulaText('"say ""hi"""')).toBe('say "hi"');
  });

  it('gives nothing for formulas that compute or read cells, and for broken ones', () => {
    for (const formula of [
      'UPPER("it")',
      'A2',
      'TRIM(B2)',
      'HYPERLINK(A2,"x")',
      '"a"&B1',
      '1+1',
      '"unclosed',
      'HYPERLINK("a","b","c")',
      'CONCAT("a"',
    ]) {
      expect(formulaText(formula), formula).toBeNull();
    }
  });
});
