import { AppError } from '../../lib/errors';
import { scanActiveContent } from './pdf-active-content';

/**
 * What the server reads from an uploaded résumé before any credit is spent on it. Recruiters' systems read the
 * text of a CV; a scanned page, a CV without a way to reach its author, or an attachment called "scan0001.pdf"
 * costs the applicant replies. Only a file no one can open, or one carrying a script, a launch action or a file
 * inside (pdf-active-content.ts), blocks the upload; the rest are warnings.
 */
export interface ResumeCheck {
  pages: number;
  /** Letters could be extracted: false for a scanned image without a text layer. */
  hasText: boolean;
  /** Only meaningful with text: a scan hides its contact details from the check too. */
  emailFound: boolean;
  phoneFound: boolean;
  /** A better attachment name when the current one says nothing about its owner; null when it does. */
  suggestedName: string | null;
}

/** A scanned CV's text layer, if any, is a page number or a stray word; a real one has sentences. */
const MIN_LETTERS = 40;
/** Contact details sit on the first pages; reading a 40-page portfolio whole would only cost time. */
const PAGES_READ = 5;

export async function checkResume(
  bytes: Buffer,
  fileName: string,
  applicant: { fullName: string | null; fullNameEn: string | null },
): Promise<ResumeCheck> {
  const { getDocumentProxy } = await import('unpdf');
  // pdf.js keeps the array it is given: a copy, so the buffer stored afterwards is untouched.
  const document = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 }).catch((error: unknown) => {
    throw new AppError(400, (error as { name?: string }).name === 'PasswordException' ? 'PDF_ENCRYPTED' : 'PDF_UNREADABLE');
  });
  try {
    // Mailed from the applicant's own address to every company: nothing in it may run or unpack.
    const active = scanActiveContent(bytes);
    if (active.found.length > 0 || active.unread > 0) throw new AppError(400, 'PDF_ACTIVE_CONTENT');
    const text: string[] = [];
    for (let page = 1; page <= Math.min(document.numPages, PAGES_READ); page++) {
      const content = await (await document.getPage(page)).getTextContent();
      for (const item of content.items) if ('str' in item) text.push(item.str, item.hasEOL ? '\n' : '');
    }
    const joined = text.join('');
    const hasText = (joined.match(/\p{L}/gu)?.length ?? 0) >= MIN_LETTERS;
    return {
      pages: document.numPages,
      hasText,
      emailFound: hasText && EMAIL.test(joined),
      phoneFound: hasText && hasSaudiPhone(joined),
      suggestedName: suggestedResumeName(fileName, applicant),
    };
  } catch (error) {
    // The document opened but a page could not be read: a damaged file the companies could not read either.
    if (error instanceof AppError) throw error;
    throw new AppError(400, 'PDF_UNREADABLE');
  } finally {
    await document.loadingTask.destroy();
  }
}

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/u;

/**
 * A Saudi mobile (05x xxx xxxx, +966 5x…, 00966 5x…) or landline (01x xxx xxxx) number, written with Western,
 * Arabic-Indic or Persian digits and single spaces, dashes, dots or brackets between them. A run of digits is
 * searched inside, so a number written next to a year still counts: this only decides whether to warn.
 */
export function hasSaudiPhone(text: string): boolean {
  const western = text
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) - 0x06f0));
  for (const [run] of western.matchAll(/\+?\d(?:[\s\-.()\u00A0]{0,2}\d)+/g)) {
    if (SAUDI_NUMBER.test(run.replace(/[^\d+]/g, ''))) return true;
  }
  return false;
}

const SAUDI_NUMBER = /(?:(?:\+|00)966|0)(?:5\d{8}|1[1-9]\d{7})/;

/** Names a scanner, a phone or a word processor gives a file, which tell a recruiter nothing. */
const UNINFORMATIVE = new Set([
  '',
  'scan',
  'scanned',
  'scanner',
  'document',
  'doc',
  'file',
  'img',
  'image',
  'untitled',
  'new',
  'cv',
  'resume',
  'résumé',
  'download',
  'pdf',
  'copy',
  'final',
  'my cv',
  'مستند',
  'ملف',
  'سيرة',
  'سيرة ذاتية',
  'السيرة الذاتية',
  'سيرتي',
  'نسخة',
]);

/**
 * `Name_CV.pdf` from the applicant's Latin name (the Arabic one when there is none) when the current name is a
 * device's default: only letters left after numbers, dates and separators are dropped, and those a stock word.
 */
export function suggestedResumeName(fileName: string, applicant: { fullName: string | null; fullNameEn: string | null }): string | null {
  const stem = fileName
    .replace(/\.pdf$/i, '')
    .toLowerCase()
    .replace(/[\d\s_\-.()[\]]+/g, ' ')
    .trim();
  if (!UNINFORMATIVE.has(stem)) return null;
  const name = (applicant.fullNameEn?.trim() || applicant.fullName?.trim() || '').replace(/[^\p{L}\p{M}\s'-]/gu, '').trim();
  if (!name) return null;
  return `${name.split(/\s+/).join('_')}_CV.pdf`;
}
