import { describe, expect, it } from 'vitest';
import { htmlPreview } from './error-message';

describe('template preview text', () => {
  it('shows the characters behind entities, not their codes', () => {
    expect(htmlPreview('<p>شركة &amp; شركاه &quot;الرياض&quot;</p><p>&#1587;&#x64A;&#x0631;&#1577;&nbsp;!</p>')).toBe(
      'شركة & شركاه "الرياض" سيرة !',
    );
    expect(htmlPreview('&unknown; &#0; 5 &lt; 6')).toBe('&unknown; &#0; 5 < 6');
  });
  it('cuts long text with an ellipsis', () => {
    expect(htmlPreview(`<p>${'أ'.repeat(100)}</p>`, 10)).toBe(`${'أ'.repeat(10)}…`);
  });
});
