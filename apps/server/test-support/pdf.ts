import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

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

/**
 * A one-page CV (a name, an e-mail address, a Saudi mobile number) whose catalog carries `catalogExtra` and
 * which has `extra` objects after its own five: 1 catalog, 2 page tree, 3 page (with `pageExtra`), 4 contents,
 * 5 font, then 6, 7… Written by `pdfOf`; the résumé check reads it as an ordinary CV.
 */
export function cvObjects(options: { catalogExtra?: string; pageExtra?: string; extra?: string[] } = {}): string[] {
  const text = [
    'BT /F1 14 Tf 72 720 Td (Curriculum Vitae - Sara Ahmed, accountant in Riyadh) Tj ET',
    'BT /F1 12 Tf 72 700 Td (sara.ahmed@example.com - 055 123 4567) Tj ET',
  ].join('\n');
  return [
    `<< /Type /Catalog /Pages 2 0 R ${options.catalogExtra ?? ''}>>`,
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> ${options.pageExtra ?? ''}>>`,
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    ...(options.extra ?? []),
  ];
}

/**
 * A PDF of these objects (numbered from 1, the first the catalog), as a PDF 1.4 writer makes it: each object
 * in the file, a cross-reference table. With `compressed`, the objects of those numbers (no streams) go inside
 * one FlateDecode object stream found through a cross-reference stream, as PDF 1.5 writers (Word, Acrobat)
 * make it: their dictionaries are then nowhere in the file's bytes as written.
 */
export function pdfOf(objects: string[], options: { compressed?: number[] } = {}): Buffer {
  const compressed = new Set(options.compressed ?? []);
  const parts: Buffer[] = [Buffer.from(`%PDF-${compressed.size > 0 ? '1.5' : '1.4'}\n%\xe2\xe3\xcf\xd3\n`, 'latin1')];
  let at = parts[0]?.length ?? 0;
  const write = (number: number, body: Buffer) => {
    const part = Buffer.concat([Buffer.from(`${number} 0 obj\n`, 'latin1'), body, Buffer.from('\nendobj\n', 'latin1')]);
    parts.push(part);
    const offset = at;
    at += part.length;
    return offset;
  };
  const offsets = new Map<number, number>();
  objects.forEach((object, index) => {
    if (!compressed.has(index + 1)) offsets.set(index + 1, write(index + 1, Buffer.from(object, 'latin1')));
  });
  if (compressed.size === 0) {
    let xref = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
    for (let number = 1; number <= objects.length; number++) xref += `${String(offsets.get(number)).padStart(10, '0')} 00000 n \n`;
    xref += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${at}\n%%EOF\n`;
    return Buffer.concat([...parts, Buffer.from(xref, 'latin1')]);
  }
  // The object stream: "number offset" pairs, then the objects one after another (PDF 32000-1 §7.5.7).
  const inside = [...compressed].sort((a, b) => a - b);
  let body = '';
  const pairs: string[] = [];
  for (const number of inside) {
    pairs.push(`${number} ${body.length}`);
    body += `${objects[number - 1]}\n`;
  }
  const head = `${pairs.join(' ')}\n`;
  const packed = deflateSync(Buffer.from(head + body, 'latin1'));
  const streamNumber = objects.length + 1;
  offsets.set(
    streamNumber,
    write(
      streamNumber,
      Buffer.concat([
        Buffer.from(
          `<< /Type /ObjStm /N ${inside.length} /First ${head.length} /Filter /FlateDecode /Length ${packed.length} >>\nstream\n`,
        ),
        packed,
        Buffer.from('\nendstream'),
      ]),
    ),
  );
  // The cross-reference stream (§7.5.8): per object a type (1 in the file, 2 in the object stream), then the
  // offset or the object stream's number, then the generation or the index inside it.
  const xrefNumber = objects.length + 2;
  offsets.set(xrefNumber, at);
  const rows = [Buffer.from([0, 0, 0, 0, 0, 0xff, 0xff])];
  for (let number = 1; number <= xrefNumber; number++) {
    const row = Buffer.alloc(7);
    const index = inside.indexOf(number);
    if (index >= 0) {
      row.writeUInt8(2, 0);
      row.writeUInt32BE(streamNumber, 1);
      row.writeUInt16BE(index, 5);
    } else {
      row.writeUInt8(1, 0);
      row.writeUInt32BE(offsets.get(number) as number, 1);
    }
    rows.push(row);
  }
  const table = Buffer.concat(rows);
  const xrefAt = at;
  write(
    xrefNumber,
    Buffer.concat([
      Buffer.from(`<< /Type /XRef /Size ${xrefNumber + 1} /W [1 4 2] /Root 1 0 R /Length ${table.length} >>\nstream\n`),
      table,
      Buffer.from('\nendstream'),
    ]),
  );
  return Buffer.concat([...parts, Buffer.from(`startxref\n${xrefAt}\n%%EOF\n`, 'latin1')]);
}
