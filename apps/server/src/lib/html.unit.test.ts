import { describe, expect, it } from 'vitest';
import { cleanRichHtml, sanitizeMailHtml, sanitizeRichHtml } from './html';

describe('cleanRichHtml', () => {
  it('names the elements and attributes it removed', () => {
    const { html, removed } = cleanRichHtml(
      '<p style="color:red" onclick="x()">نص <a href="javascript:alert(1)" title="t">رابط</a></p><script>alert(1)</script><iframe src="https://e.example"></iframe><form><input></form>',
    );
    expect(html).toBe('<p>نص <a title="t">رابط</a></p>');
    expect(removed).toEqual({ elements: ['form', 'iframe', 'input', 'script'], attributes: ['href', 'onclick', 'style'] });
  });

  it('reports nothing for HTML the list allows, and cleans exactly as sanitizeRichHtml', () => {
    const allowed =
      '<h2 dir="rtl">عنوان</h2><p>فقرة <strong>مهمة</strong> و<a href="/pricing">رابط</a> و<a href="mailto:a@example.com" target="_blank" rel="noopener noreferrer">بريد</a></p><ul><li><p>بند</p></li></ul><blockquote><p>اقتباس</p></blockquote><pre><code>x</code></pre><hr><p>سطر<br>ثانٍ <bdi>+966 5</bdi></p>';
    const result = cleanRichHtml(allowed);
    expect(result.removed).toEqual({ elements: [], attributes: [] });
    expect(result.html).toBe(sanitizeRichHtml(allowed));
  });

  it('does not count the link target it rewrites as a removal', () => {
    const { html, removed } = cleanRichHtml('<a href="https://example.com" target="x" rel="opener">a</a>');
    expect(html).toBe('<a href="https://example.com" target="_blank" rel="noopener noreferrer">a</a>');
    expect(removed).toEqual({ elements: [], attributes: [] });
  });
});

describe('mail HTML (templates, the body of an e-mail)', () => {
  it('keeps an image only with an absolute https address, and says it removed the others', () => {
    const html =
      '<p>أهلاً</p><img src="x"><img src="/logo.png"><img src="http://cdn.example/a.png"><img src="//cdn.example/b.png"><img alt="بلا عنوان"><img src="https://cdn.example/logo.png" alt="شعار">';
    const kept = '<p>أهلاً</p><img src="https://cdn.example/logo.png" alt="شعار" />';
    expect(sanitizeMailHtml(html)).toBe(kept);
    expect(cleanRichHtml(html, 'mail')).toEqual({ html: kept, removed: { elements: ['img'], attributes: [] } });
  });

  it('leaves content pages their relative images (they are the site’s own files)', () => {
    expect(cleanRichHtml('<img src="/og/sira.png">').html).toBe('<img src="/og/sira.png" />');
    expect(cleanRichHtml('<img src="https://cdn.example/a.png">', 'mail').removed).toEqual({ elements: [], attributes: [] });
  });
});
