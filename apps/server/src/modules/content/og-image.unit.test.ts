import { describe, expect, it } from 'vitest';
import { createOgImageRenderer, ogImageSvg, titleLines } from './og-image';

const same = (a: Uint8Array, b: Uint8Array) => Buffer.compare(Buffer.from(a), Buffer.from(b)) === 0;

describe('Open Graph image layout', () => {
  it('drops the site suffix and breaks the title at its parts, then between words', () => {
    expect(titleLines('الباقات والأسعار | سيرة', 26, 3)).toEqual(['الباقات والأسعار']);
    expect(titleLines('وظائف الرياض 2026 | أرسل سيرتك إلى مئات الشركات | سيرة', 26, 3)).toEqual([
      'وظائف الرياض 2026',
      'أرسل سيرتك إلى مئات',
      'الشركات',
    ]);
    const long = titleLines('كلمة '.repeat(40), 26, 3);
    expect(long).toHaveLength(3);
    expect(long[2]?.endsWith('…')).toBe(true);
    for (const line of long) expect(line.length).toBeLessThanOrEqual(26);
  });

  it('escapes the title, which an administrator writes, as XML text', () => {
    const svg = ogImageSvg('من نحن <script> & "فريقنا" | سيرة');
    expect(svg).toContain('من نحن &lt;script&gt; &amp; &quot;فريقنا&quot;');
    expect(svg).not.toContain('<script>');
  });
});

describe('Open Graph image drawing', () => {
  const images = createOgImageRenderer();

  it('joins Arabic letters: the word drawn differs from its letters kept apart', { timeout: 60_000 }, async () => {
    const joined = await images.render('سيرة');
    // U+200C ZERO WIDTH NON-JOINER between the letters: the same letters in their isolated forms.
    const apart = await images.render('س\u200Cي\u200Cر\u200Cة');
    expect(same(joined, apart)).toBe(false);
  });

  it('lays Arabic out right to left, as when forced right to left and unlike forced left to right', { timeout: 60_000 }, async () => {
    // U+202E RIGHT-TO-LEFT OVERRIDE and U+202D LEFT-TO-RIGHT OVERRIDE, each closed by U+202C.
    const natural = await images.render('باب سيرة');
    expect(same(natural, await images.render('\u202Eباب سيرة\u202C'))).toBe(true);
    expect(same(natural, await images.render('\u202Dباب سيرة\u202C'))).toBe(false);
  });
});
