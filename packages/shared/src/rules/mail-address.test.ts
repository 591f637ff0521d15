import { describe, expect, it } from 'vitest';
import { isMailAddress, tidyMailAddress } from './mail-address';

describe('company mail addresses', () => {
  it('accepts ordinary addresses and refuses anything with address syntax, spaces or control characters', () => {
    for (const ok of ['hr@company.sa', 'first.last+jobs@mail.example.com', 'وظائف@شركة.السعودية', 'hr@my-company.com.sa'])
      expect(isMailAddress(ok), ok).toBe(true);
    for (const bad of [
      'hr@co.sa;',
      '<hr@co.sa>',
      'mailto:hr@co.sa',
      'a,b@co.sa',
      'Name <hr@co.sa>',
      'hr@co.sa\r\nBcc: x@y.z',
      'hr\u0000@co.sa',
      'hr@co',
      'hr@@co.sa',
      `${'a'.repeat(320)}@co.sa`,
      // Dots out of place, the usual spreadsheet typos.
      'hr@company..com',
      'hr@.company.com',
      'hr@company.com.',
      '.hr@co.sa',
      'hr.@co.sa',
      'h..r@co.sa',
      'hr@-co.sa',
      // Invisible format characters: a right-to-left override, an isolate, a mark, a zero-width space.
      'hr\u202e@co.sa',
      'hr@co\u2067.sa',
      '\u200fhr@co.sa',
      'hr@co.sa\u200e',
      'h\u200br@co.sa',
    ]) {
      expect(isMailAddress(bad), JSON.stringify(bad)).toBe(false);
    }
  });

  it('tidies what people paste from other lists', () => {
    expect(tidyMailAddress('  mailto:HR@Co.sa; ')).toBe('hr@co.sa');
    expect(tidyMailAddress('<hr@co.sa>,')).toBe('hr@co.sa');
    expect(tidyMailAddress('Name <hr@co.sa>')).toBe('name <hr@co.sa>');
  });
});
