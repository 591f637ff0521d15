import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';

/** A real PDF of test-support/resumes (how each was made: its README). */
export const resumeFixture = (name: string): Buffer => readFileSync(new URL(`./resumes/${name}`, import.meta.url));

/**
 * A valid PDF any reader opens (catalog, page tree, one page of Helvetica text, cross-reference table), its text
 * the given lines (Latin-1), padded with an unreferenced stream of random bytes to exactly `size` bytes when
 * given: uploads of a chosen size that the server's résumé check reads like a real CV. `pages` repeats the page.
 */
export function makePdf(lines: string[], size?: number, pages = 1): Buffer {
  const build = (padding: number) => {
    const text = lines.map((line, i) => `BT /F1 12 Tf 72 ${720 - i * 20} Td (${line.replace(/[()\\]/g, '')}) Tj ET`).join('\n');
    // Objects: 1 catalog, 2 page tree, 3 font, 4 contents (shared by every page), 5 padding, 6… the pages.
    const pageIds = Array.from({ length: pages }, (_, i) => i + 6);
    const objects = [
      Buffer.from('<< /Type /Catalog /Pages 2 0 R >>', 'latin1'),
      Buffer.from(`<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages} >>`, 'latin1'),
      Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>', 'latin1'),
      Buffer.from(`<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`, 'latin1'),
      Buffer.concat([
        Buffer.from(`<< /Length ${padding} >>\nstream\n`, 'latin1'),
        randomBytes(padding),
        Buffer.from('\nendstream', 'latin1'),
      ]),
      ...pageIds.map(() =>
        Buffer.from(
          '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 3 0 R >> >> >>',
          'latin1',
        ),
      ),
    ];
    const parts = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
    const offsets: number[] = [];
    let at = parts[0]?.length ?? 0;
    objects.forEach((object, i) => {
      offsets.push(at);
      const part = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`, 'latin1'), object, Buffer.from('\nendobj\n', 'latin1')]);
      parts.push(part);
      at += part.length;
    });
    let xref = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
    for (const offset of offsets) xref += `${String(offset).padStart(10, '0')} 00000 n \n`;
    xref += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${at}\n%%EOF\n`;
    parts.push(Buffer.from(xref, 'latin1'));
    return Buffer.concat(parts);
  };
  if (size === undefined) return build(0);
  // The padding's own /Length and the xref's offset change in digits as the padding grows: settle in a few rounds.
  let padding = Math.max(0, size - build(0).length);
  for (let round = 0; round < 5; round++) {
    const pdf = build(padding);
    if (pdf.length === size) return pdf;
    padding = Math.max(0, padding + size - pdf.length);
  }
  throw new Error(`no PDF of exactly ${size} bytes`);
}
