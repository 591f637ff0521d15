import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { cvObjects, makePdf, pdfOf, resumeFixture } from '../../../test-support/pdf';
import { scanActiveContent } from './pdf-active-content';

const SCRIPT = '<< /S /JavaScript /JS (app.alert\\(1\\)) >>';
/** The catalog opens with object 6, the first extra object. */
const openingWith = (...extra: string[]) => cvObjects({ catalogExtra: '/OpenAction 6 0 R ', extra });
const onPage = (...extra: string[]) => cvObjects({ pageExtra: '/Annots [6 0 R] ', extra });

describe('active content in a PDF', () => {
  it('finds nothing in ordinary CVs: printed by Chromium, written by hand, padded with random bytes', () => {
    for (const name of ['arabic-text.pdf', 'english-text.pdf', 'no-contact.pdf', 'scanned-image.pdf', 'permissions-password.pdf'])
      expect(scanActiveContent(resumeFixture(name)), name).toEqual({ found: [], unread: 0 });
    expect(scanActiveContent(pdfOf(cvObjects()))).toEqual({ found: [], unread: 0 });
    // Random stream data spells /JS and a delimiter about once in 270 MB (one 5 MB upload in fifty): skipped, not read.
    expect(scanActiveContent(makePdf(['Sara Ahmed'], 5 * 1024 * 1024))).toEqual({ found: [], unread: 0 });
  });

  it('leaves an /OpenAction that only sets the first view, and names inside strings, links and page contents', () => {
    const view = cvObjects({ catalogExtra: '/OpenAction [3 0 R /Fit] ' });
    expect(scanActiveContent(pdfOf(view))).toEqual({ found: [], unread: 0 });
    const link = onPage('<< /Type /Annot /Subtype /Link /Rect [72 700 300 720] /A << /S /URI /URI (https://github.com/sara/JS) >> >>');
    expect(scanActiveContent(pdfOf(link))).toEqual({ found: [], unread: 0 });
    const contents = 'q /JS gs /JavaScript Do Q';
    const page = cvObjects({ extra: [`<< /Length ${contents.length} >>\nstream\n${contents}\nendstream`] });
    expect(scanActiveContent(pdfOf(page))).toEqual({ found: [], unread: 0 });
  });

  it.each([
    ['a JavaScript open action', openingWith(SCRIPT), ['JavaScript', 'JS']],
    ['a script run when a page opens (/AA)', cvObjects({ pageExtra: '/AA << /O 6 0 R >> ', extra: [SCRIPT] }), ['JavaScript', 'JS']],
    [
      'the named scripts of the document',
      cvObjects({ catalogExtra: '/Names << /JavaScript << /Names [(a) 6 0 R] >> >> ', extra: [SCRIPT] }),
      ['JavaScript', 'JS'],
    ],
    [
      'a link that launches a program',
      onPage('<< /Type /Annot /Subtype /Link /Rect [0 0 9 9] /A << /S /Launch /F (cmd.exe) >> >>'),
      ['Launch'],
    ],
    [
      'an embedded file',
      cvObjects({
        catalogExtra: '/Names << /EmbeddedFiles << /Names [(a.exe) << /Type /Filespec /F (a.exe) /EF << /F 6 0 R >> >>] >> >> ',
        extra: ['<< /Type /EmbeddedFile /Length 2 >>\nstream\nMZ\nendstream'],
      }),
      ['EmbeddedFiles', 'EmbeddedFile'],
    ],
    ['a file attachment annotation', onPage('<< /Type /Annot /Subtype /FileAttachment /Rect [0 0 9 9] /FS (a.exe) >>'), ['FileAttachment']],
    [
      'an XFA form',
      cvObjects({ catalogExtra: '/AcroForm << /Fields [] /XFA 6 0 R >> ', extra: ['<< /Length 0 >>\nstream\n\nendstream'] }),
      ['XFA'],
    ],
  ])('finds %s', (_label, objects, names) => {
    expect(scanActiveContent(pdfOf(objects))).toEqual({ found: names, unread: 0 });
  });

  it('reads names written with #xx escapes as the names they are', () => {
    const escaped = openingWith('<< /S /J#61vaScript /#4A#53 (app.alert\\(1\\)) >>');
    expect(scanActiveContent(pdfOf(escaped)).found).toEqual(['JavaScript', 'JS']);
    expect(scanActiveContent(pdfOf(onPage('<< /Subtype /Link /A << /S /L#61#75nch /F (x) >> >>'))).found).toEqual(['Launch']);
  });

  it('inflates object streams: a script whose dictionaries are only there compressed is found', () => {
    const packed = pdfOf(openingWith(SCRIPT), { compressed: [1, 2, 3, 5, 6] });
    expect(packed.includes('/JS')).toBe(false);
    expect(scanActiveContent(packed)).toEqual({ found: ['JavaScript', 'JS'], unread: 0 });
    const escaped = pdfOf(openingWith('<< /S /J#61vaScript /J#53 (x) >>'), { compressed: [6] });
    expect(scanActiveContent(escaped)).toEqual({ found: ['JavaScript', 'JS'], unread: 0 });
    expect(scanActiveContent(pdfOf(cvObjects(), { compressed: [1, 2, 3, 5] }))).toEqual({ found: [], unread: 0 });
  });

  it('decrypts the object streams of a CV that opens without a password: RC4, AES-128 and AES-256', () => {
    for (const name of ['script-restricted-rc4.pdf', 'script-restricted-aes128.pdf', 'script-restricted-aes256.pdf']) {
      expect(resumeFixture(name).includes('/JS'), name).toBe(false);
      expect(scanActiveContent(resumeFixture(name)), name).toEqual({ found: ['JS', 'JavaScript'], unread: 0 });
    }
    expect(scanActiveContent(resumeFixture('restricted-object-streams.pdf'))).toEqual({ found: [], unread: 0 });
  });

  it('counts an object stream it cannot read as unread: an unknown filter, damaged data', () => {
    const objectStream = (dict: string, data: Buffer) =>
      Buffer.concat([
        Buffer.from(`<< /Type /ObjStm /N 1 /First 4 ${dict} /Length ${data.length} >>\nstream\n`),
        data,
        Buffer.from('\nendstream'),
      ]);
    const lzw = cvObjects({ extra: [objectStream('/Filter /LZWDecode', Buffer.from('anything'))].map((b) => b.toString('latin1')) });
    expect(scanActiveContent(pdfOf(lzw)).unread).toBe(1);
    const damaged = cvObjects({
      extra: [objectStream('/Filter /FlateDecode', Buffer.from('not deflated'))].map((b) => b.toString('latin1')),
    });
    expect(scanActiveContent(pdfOf(damaged)).unread).toBe(1);
    const readable = objectStream('/Filter /FlateDecode', deflateSync('7 0 << /S /JavaScript >>'));
    expect(scanActiveContent(pdfOf(cvObjects({ extra: [readable.toString('latin1')] })))).toEqual({ found: ['JavaScript'], unread: 0 });
  });

  it('does not let a stream, a string or a comment hide objects that a reader jumping to their offset finds', () => {
    // The stream claims no bytes: a reader finds the next object where the data would have been.
    const shortStream = cvObjects({ extra: [`<< /Length 0 >>\nstream\n7 0 obj ${SCRIPT} endobj\nendstream`] });
    expect(scanActiveContent(pdfOf(shortStream)).found).toEqual(['JavaScript', 'JS']);
    const openString = cvObjects({ extra: [`<< /Title (never closed >>\nendobj\n7 0 obj ${SCRIPT}`] });
    expect(scanActiveContent(pdfOf(openString)).found).toEqual(['JavaScript', 'JS']);
    const comment = cvObjects({ extra: [`<< >> % 7 0 obj ${SCRIPT} endobj`] });
    expect(scanActiveContent(pdfOf(comment)).found).toEqual(['JavaScript', 'JS']);
  });

  it('reads crafted syntax in bounded time and memory: deep nesting, an endless string', () => {
    const started = Date.now();
    expect(scanActiveContent(Buffer.from(`%PDF-1.4\n1 0 obj ${'['.repeat(1_000_000)} /JS ${']'.repeat(1_000_000)} endobj`)).found).toEqual([
      'JS',
    ]);
    expect(scanActiveContent(Buffer.from(`%PDF-1.4\n1 0 obj ${'<<'.repeat(500_000)}`)).found).toEqual([]);
    expect(scanActiveContent(Buffer.from(`%PDF-1.4\n1 0 obj (${'('.repeat(1_000_000)}`)).found).toEqual([]);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
