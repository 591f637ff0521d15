import { describe, expect, it } from 'vitest';
import { cvObjects, resumeFixture as fixture, makePdf, pdfOf } from '../../../test-support/pdf';
import { AppError } from '../../lib/errors';
import { checkResume, hasSaudiPhone, suggestedResumeName } from './resume-check';

const sara = { fullName: 'سارة أحمد', fullNameEn: 'Sara Ahmed' };

describe('the résumé check on real PDFs', () => {
  it('reads an Arabic CV printed to PDF: one page, text, its e-mail and its 05 mobile number', async () => {
    expect(await checkResume(fixture('arabic-text.pdf'), 'سارة أحمد - محاسبة.pdf', sara)).toEqual({
      pages: 1,
      hasText: true,
      emailFound: true,
      phoneFound: true,
      suggestedName: null,
    });
  });

  it('finds a +966 number with spaces in an English CV', async () => {
    const check = await checkResume(fixture('english-text.pdf'), 'Omar_Khalid_CV.pdf', sara);
    expect(check).toMatchObject({ hasText: true, emailFound: true, phoneFound: true });
  });

  it('says when a CV with text gives no way to reach its author', async () => {
    const check = await checkResume(fixture('no-contact.pdf'), 'cv.pdf', sara);
    expect(check).toMatchObject({ pages: 1, hasText: true, emailFound: false, phoneFound: false, suggestedName: 'Sara_Ahmed_CV.pdf' });
  });

  it('flags a scanned page: it shows text but holds none', async () => {
    const check = await checkResume(fixture('scanned-image.pdf'), 'scan0001.pdf', sara);
    expect(check).toEqual({ pages: 1, hasText: false, emailFound: false, phoneFound: false, suggestedName: 'Sara_Ahmed_CV.pdf' });
  });

  it('refuses a PDF that asks for a password to open, and reads one that only restricts editing', async () => {
    const refused = await checkResume(fixture('open-password.pdf'), 'cv.pdf', sara).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe('PDF_ENCRYPTED');
    expect(await checkResume(fixture('permissions-password.pdf'), 'cv.pdf', sara)).toMatchObject({ hasText: true, phoneFound: true });
  });

  it('refuses a file that starts like a PDF but cannot be read', async () => {
    const damaged = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(4000, 0x41), Buffer.from('\n%%EOF\n')]);
    const refused = await checkResume(damaged, 'cv.pdf', sara).catch((error: unknown) => error);
    expect((refused as AppError).code).toBe('PDF_UNREADABLE');
  });

  it('counts every page but reads only the first ones', async () => {
    const pdf = makePdf(['Curriculum Vitae of a long career, page after page of projects', 'omar@example.org'], undefined, 12);
    expect(await checkResume(pdf, 'Omar_CV.pdf', sara)).toMatchObject({ pages: 12, hasText: true, emailFound: true, phoneFound: false });
  });
});

describe('active content in an uploaded CV', () => {
  const refusal = (pdf: Buffer) =>
    checkResume(pdf, 'Sara_Ahmed_CV.pdf', sara).then(
      () => 'accepted',
      (error: unknown) => (error instanceof AppError ? error.code : String(error)),
    );
  const script = '<< /S /JavaScript /JS (app.alert\\(1\\)) >>';

  it.each([
    ['a JavaScript open action', pdfOf(cvObjects({ catalogExtra: '/OpenAction 6 0 R ', extra: [script] }))],
    [
      'a script behind hex-escaped names',
      pdfOf(cvObjects({ catalogExtra: '/OpenAction 6 0 R ', extra: ['<< /S /J#61vaScript /#4AS (x) >>'] })),
    ],
    [
      'a script inside a compressed object stream',
      pdfOf(cvObjects({ catalogExtra: '/OpenAction 6 0 R ', extra: [script] }), { compressed: [1, 6] }),
    ],
    ['a script in the object streams of a CV restricted from editing', fixture('script-restricted-aes256.pdf')],
    [
      'a link that launches a program',
      pdfOf(
        cvObjects({ pageExtra: '/Annots [6 0 R] ', extra: ['<< /Subtype /Link /Rect [0 0 9 9] /A << /S /Launch /F (calc.exe) >> >>'] }),
      ),
    ],
    [
      'an embedded file',
      pdfOf(
        cvObjects({
          catalogExtra: '/Names << /EmbeddedFiles << /Names [(a.exe) << /Type /Filespec /F (a.exe) /EF << /F 6 0 R >> >>] >> >> ',
          extra: ['<< /Type /EmbeddedFile /Length 2 >>\nstream\nMZ\nendstream'],
        }),
      ),
    ],
  ])('refuses %s with PDF_ACTIVE_CONTENT', async (_label, pdf) => {
    expect(await refusal(pdf)).toBe('PDF_ACTIVE_CONTENT');
  });

  it('reads a CV whose open action only sets the first view, and one restricted from editing with object streams', async () => {
    const view = pdfOf(cvObjects({ catalogExtra: '/OpenAction [3 0 R /Fit] ' }), { compressed: [1, 2, 3, 5] });
    expect(await checkResume(view, 'Sara_Ahmed_CV.pdf', sara)).toEqual({
      pages: 1,
      hasText: true,
      emailFound: true,
      phoneFound: true,
      suggestedName: null,
    });
    expect(await checkResume(fixture('restricted-object-streams.pdf'), 'Omar_Khalid_CV.pdf', sara)).toMatchObject({
      hasText: true,
      phoneFound: true,
    });
  });
});

describe('a Saudi phone number in a CV', () => {
  it.each([
    ['الجوال: 0551234567', true],
    ['Mobile: +966 55 123 4567', true],
    ['00966-55-123-4567', true],
    ['هاتف: ٠٥٥١٢٣٤٥٦٧', true],
    ['(055) 123 4567', true],
    ['هاتف المكتب 011 234 5678', true],
    ['2015 – 2019 0551234567', true],
    ['رقم الهوية 1012345678', false],
    ['+971 50 123 4567', false],
    ['055 123 456', false],
    ['no number at all', false],
  ])('%s → %s', (text, found) => {
    expect(hasSaudiPhone(text)).toBe(found);
  });
});

describe('a better name for the attachment', () => {
  it.each([
    ['scan0001.pdf', 'Sara_Ahmed_CV.pdf'],
    ['Document (3).pdf', 'Sara_Ahmed_CV.pdf'],
    ['IMG_20240101_123456.pdf', 'Sara_Ahmed_CV.pdf'],
    ['CV.pdf', 'Sara_Ahmed_CV.pdf'],
    ['سيرة ذاتية.pdf', 'Sara_Ahmed_CV.pdf'],
    ['Sara Ahmed CV.pdf', null],
    ['سارة أحمد - محاسبة.pdf', null],
    ['Accountant_Riyadh.pdf', null],
  ])('%s → %s', (fileName, suggested) => {
    expect(suggestedResumeName(fileName, sara)).toBe(suggested);
  });

  it('uses the Arabic name when there is no Latin one, and suggests nothing without a name', () => {
    expect(suggestedResumeName('scan.pdf', { fullName: 'سارة أحمد', fullNameEn: null })).toBe('سارة_أحمد_CV.pdf');
    expect(suggestedResumeName('scan.pdf', { fullName: null, fullNameEn: '  ' })).toBeNull();
  });
});
