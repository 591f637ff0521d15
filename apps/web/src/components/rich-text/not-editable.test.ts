import { describe, expect, it } from 'vitest';
import { notEditableElements } from './not-editable';

describe('notEditableElements', () => {
  it('names what the editor dropped, not what it renamed', () => {
    expect(notEditableElements('<p><b>a</b> <i>b</i></p>', '<p><strong>a</strong> <em>b</em></p>')).toEqual([]);
    expect(
      notEditableElements('<table><tr><td>x</td></tr></table><p><bdi>+966</bdi><img src="/a.png"></p>', '<p>x</p><p>+966</p>'),
    ).toEqual(['bdi', 'img', 'table', 'td', 'tr']);
  });
});
