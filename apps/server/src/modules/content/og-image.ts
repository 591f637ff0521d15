import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { initWasm, Resvg } from '@resvg/resvg-wasm';
import { OG_IMAGE } from '@sira/shared/og-image';

/**
 * Open Graph images of the public pages (ADR 004, "Link previews"): the page's Arabic title drawn on the
 * site's colours, as a PNG. resvg shapes Arabic (joined letters, right to left, with Latin words and digits
 * in their own order) from the fonts committed beside this file; its WebAssembly build needs no native
 * binary, so the production image (which installs no optional packages) has it like any other dependency.
 */

const FONT_DIR = new URL('./og-fonts/', import.meta.url);
const ARABIC_FONT = 'Noto Kufi Arabic';
const LATIN_FONT = 'Noto Sans';

/** The site's suffix on every page title (`… | سيرة`): the image shows the name on its own line instead. */
const SITE_SUFFIX = /\s*\|\s*سيرة\s*$/;

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] as string);

/**
 * The title broken into lines that fit the image: at its " | " parts first, then between words, at most
 * `maxChars` characters a line (the bold Kufi face draws about 30 characters in 1,040 px at 64 px). Beyond
 * `maxLines` the last line ends with an ellipsis.
 */
export function titleLines(title: string, maxChars: number, maxLines: number): string[] {
  const lines: string[] = [];
  for (const part of title.replace(SITE_SUFFIX, '').split(/\s+\|\s+/)) {
    let line = '';
    for (const word of part.split(/\s+/).filter(Boolean)) {
      if (line && line.length + 1 + word.length > maxChars) {
        lines.push(line);
        line = word;
      } else line = line ? `${line} ${word}` : word;
    }
    if (line) lines.push(line);
  }
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = `${kept[maxLines - 1]?.slice(0, maxChars - 1)}…`;
  return kept;
}

/** The image's SVG: the title centred, large, and the site's name at the bottom right (the start of an RTL line). */
export function ogImageSvg(title: string): string {
  const { width, height } = OG_IMAGE;
  // Short titles large; longer ones a size smaller so they still fit three lines.
  let size = 68;
  let lines = titleLines(title, 26, 3);
  if (lines.length === 3 && titleLines(title, 26, 4).length > 3) {
    size = 54;
    lines = titleLines(title, 33, 3);
  }
  const lineHeight = Math.round(size * 1.5);
  const top = (height - 90 - lineHeight * lines.length) / 2 + size;
  const text = lines
    .map(
      (line, i) =>
        `<text x="${width / 2}" y="${Math.round(top + i * lineHeight)}" font-size="${size}" text-anchor="middle">${escapeXml(line)}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<rect width="${width}" height="${height}" fill="#0b7285"/>
<rect y="${height - 110}" width="${width}" height="110" fill="#095c6b"/>
<g font-family="${ARABIC_FONT}, ${LATIN_FONT}" font-weight="700" fill="#ffffff">${text}
<text x="${width - 72}" y="${height - 40}" font-size="44" text-anchor="end">سيرة</text>
<text x="72" y="${height - 44}" font-size="30" fill="#c3fae8" text-anchor="start">أرسل سيرتك إلى مئات الشركات</text>
</g></svg>`;
}

export interface OgImageRenderer {
  /** The PNG of a page whose title is `title`. */
  render(title: string): Promise<Uint8Array>;
}

let ready: Promise<Buffer[]> | undefined;

/** The WebAssembly module is set up once per process, on the first image asked for; the fonts read once. */
function prepare(): Promise<Buffer[]> {
  ready ??= (async () => {
    const require = createRequire(import.meta.url);
    await initWasm(readFileSync(require.resolve('@resvg/resvg-wasm/index_bg.wasm')));
    return ['NotoKufiArabic-Bold.ttf', 'NotoSans-Bold.ttf'].map((file) => readFileSync(new URL(file, FONT_DIR)));
  })();
  return ready;
}

export function createOgImageRenderer(): OgImageRenderer {
  return {
    async render(title) {
      const fontBuffers = await prepare();
      const resvg = new Resvg(ogImageSvg(title), {
        font: { fontBuffers, loadSystemFonts: false, defaultFontFamily: ARABIC_FONT },
      });
      return resvg.render().asPng();
    },
  };
}
