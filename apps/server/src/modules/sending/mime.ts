import { randomBytes, randomUUID } from 'node:crypto';
import { isMailAddress, keepPlainLines, withoutFormatCharacters } from '@sira/shared';
import { isolateLtrRuns, ltrRuns } from '@sira/shared/bidi';
import { optOutFooter } from '@sira/shared/messages/opt-out';
import sanitizeHtml from 'sanitize-html';
import { sanitizeMailHtml } from '../../lib/html';
import {
  type ApplicantFields,
  bindApplicant,
  type CompanyFields,
  type CompiledTemplate,
  compileTemplate,
  escapeHtml,
  fillTemplate,
} from './personalize';

/**
 * The application e-mail as raw MIME (RFC 5322 + 2045–2047 + 2231): multipart/mixed of a
 * multipart/alternative (plain text, Arabic RTL HTML) and the résumé PDF.
 *
 * MIME-once (ADR 008): the PDF is base64-encoded once per job into a ready "tail" — its part headers, the
 * encoded lines and the closing boundary. Each company gets only a small "head" (headers and the two text
 * parts); the message is head + tail, written to the socket as two buffers without copying the tail.
 */

const CRLF = '\r\n';

export interface JobMessageInput {
  /** The sending address (the linked Gmail account). */
  from: string;
  /** Who applies: the From display name and the applicant placeholders. Absent for jobs scheduled before it was asked. */
  applicant?: { name: string | null; nameEn: string | null; phone: string | null };
  subject: string;
  /** HTML written by the user or an administrator; sanitised again here. */
  content: string;
  resumeName: string;
  pdf: Buffer;
}

/**
 * The résumé as every message attaching it ends: the multipart boundary and the encoded attachment part. It
 * depends only on the file and its name, so the jobs attaching one file share it.
 */
export interface PreparedAttachment {
  readonly boundary: string;
  /** The attachment part and the closing boundary: shared, read-only, by every message that attaches the file. */
  readonly tail: Buffer;
}

/** A job's own part of its messages: subject, texts and sender, bound to the applicant. */
export interface PreparedJobText {
  readonly subject: CompiledTemplate;
  readonly html: CompiledTemplate;
  readonly text: CompiledTemplate;
  /** The From header's value: `name <address>`, the name quoted or RFC 2047-encoded. */
  readonly from: string;
  readonly messageIdDomain: string;
}

export type PreparedJobMessage = PreparedJobText & PreparedAttachment;

export interface Recipient extends CompanyFields {
  email: string;
  /**
   * The receiver's personal opt-out link (modules/companies/opt-out-link.ts, ADR 013): written as a short
   * Arabic footer under both text parts and as the List-Unsubscribe / List-Unsubscribe-Post headers
   * (RFC 2369, RFC 8058 one-click). Every message the worker sends has one.
   */
  optOutUrl?: string;
}

/** Addresses with anything that could end a header or add a recipient are refused before any call. */
export class InvalidRecipientError extends Error {
  constructor(readonly address: string) {
    super(`invalid recipient address: ${JSON.stringify(address)}`);
    this.name = 'InvalidRecipientError';
  }
}

function wrapBase64(bytes: Buffer): string {
  const b64 = bytes.toString('base64');
  let wrapped = '';
  for (let i = 0; i < b64.length; i += 76) wrapped += i === 0 ? b64.slice(0, 76) : `${CRLF}${b64.slice(i, i + 76)}`;
  return wrapped;
}

/** The most UTF-8 bytes of one encoded word: 45 bytes → 60 base64 characters + 12 for "=?UTF-8?B??=" = 72 ≤ 75. */
const WORD_BYTES = 45;

/** RFC 2047 encoded words of at most 75 characters, split on character boundaries, folded onto new lines. */
export function encodeHeaderWords(value: string): string {
  if (/^[\x20-\x7e]*$/.test(value) && !value.includes('=?')) return value;
  // Cut the UTF-8 bytes (not the characters: walking a long subject character by character cost every message
  // more than the rest of its headers) into runs of at most WORD_BYTES that never split a character.
  const bytes = Buffer.from(value, 'utf8');
  let words = '';
  for (let start = 0; start < bytes.length; ) {
    let end = Math.min(start + WORD_BYTES, bytes.length);
    // A continuation byte (10xxxxxx) at the cut means a character would be split: cut before that character.
    while (end < bytes.length && end > start && ((bytes[end] as number) & 0xc0) === 0x80) end--;
    words += `${start === 0 ? '' : `${CRLF} `}=?UTF-8?B?${bytes.toString('base64', start, end)}?=`;
    start = end;
  }
  return words;
}

/**
 * The attachment's name parameters. ASCII names are quoted as they are. Others use RFC 2231
 * (`filename*=UTF-8''…`) in Content-Disposition — with no ASCII `filename=` beside it, since some readers
 * prefer that one — and an RFC 2047 word in Content-Type's `name`, which older clients read instead.
 */
function nameParams(name: string): { type: string; disposition: string } {
  if (/^[\x20-\x7e]*$/.test(name)) {
    const quoted = name.replace(/["\\]/g, '_');
    return { type: `name="${quoted}"`, disposition: `filename="${quoted}"` };
  }
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return { type: `name="=?UTF-8?B?${Buffer.from(name, 'utf8').toString('base64')}?="`, disposition: `filename*=UTF-8''${encoded}` };
}

/** The longest attachment name, in characters (not UTF-16 units: a cut never splits one). */
const MOST_NAME_CHARACTERS = 120;

/**
 * The attachment's name as the recipient sees it: no path, no control or format characters (a right-to-left
 * override would show "CV\u202efdp.exe" as "CVexe.pdf": rules/text.ts), ends in .pdf. Applied when a name is
 * stored and again when the message is built, so a name stored before a rule was added is cleaned too.
 */
export function attachmentName(originalName: string): string {
  const cleaned = withoutFormatCharacters(originalName.replace(/^.*[\\/]/, ''))
    .replace(/"/g, '')
    .trim();
  const base = Array.from(cleaned).slice(0, MOST_NAME_CHARACTERS).join('');
  if (!base) return 'resume.pdf';
  return /\.pdf$/i.test(base) ? base : `${base}.pdf`;
}

/** Plain-text twin of the HTML: block ends become line breaks, tags go, entities are decoded. */
export function htmlToText(html: string): string {
  const withBreaks = html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|h[1-6]|li|tr|blockquote|pre|table|ul|ol|figure)>/gi, '$&\n')
    .replace(/<li[^>]*>/gi, '$&• ');
  const stripped = sanitizeHtml(withBreaks, { allowedTags: [], allowedAttributes: {} });
  return stripped
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_m, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' })[e] ?? '')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * The From header's value (RFC 5322 name-addr). A name in printable ASCII goes in a quoted string; any other
 * is a run of RFC 2047 encoded words, which may not stand inside quotes. The name was checked when it was
 * given (letters, spaces, . ' -: rules/auth.ts), and anything that could end the header is dropped here too.
 */
export function fromHeader(address: string, name: string | null | undefined): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters never belong in a header
  const clean = (name ?? '').replace(/[\x00-\x1f\x7f]/g, '').trim();
  if (!clean) return address;
  if (/^[\x20-\x7e]*$/.test(clean) && !clean.includes('=?')) return `"${clean.replace(/(["\\])/g, '\\$1')}" <${address}>`;
  return `${encodeHeaderWords(clean)} <${address}>`;
}

// keepPlainLines lives in shared code: the /send-resume preview shows the same lines the e-mail will.
export { keepPlainLines };

export function prepareJobMessage(input: JobMessageInput): PreparedJobMessage {
  return { ...prepareJobText(input), ...prepareAttachment(input.pdf, input.resumeName) };
}

/** The encoded résumé: the costly part of a job's messages (a 5 MB PDF becomes 6.8 MB of base64 lines). */
export function prepareAttachment(pdf: Buffer, resumeName: string): PreparedAttachment {
  const boundary = `=_sira_${randomBytes(12).toString('hex')}`;
  const name = nameParams(attachmentName(resumeName));
  const tail = Buffer.from(
    [
      `--${boundary}`,
      `Content-Type: application/pdf; ${name.type}`,
      'Content-Transfer-Encoding: base64',
      `Content-Disposition: attachment; ${name.disposition}`,
      '',
      wrapBase64(pdf),
      `--${boundary}--`,
      '',
    ].join(CRLF),
    'ascii',
  );
  return { boundary, tail };
}

export function prepareJobText(input: Omit<JobMessageInput, 'pdf' | 'resumeName'>): PreparedJobText {
  const content = keepPlainLines(sanitizeMailHtml(input.content));
  const html = `<!DOCTYPE html>${CRLF}<html lang="ar" dir="rtl"><head><meta charset="utf-8"></head><body style="margin:0">${CRLF}<div dir="rtl" lang="ar" style="direction:rtl;text-align:right;font-family:Tahoma,Arial,sans-serif;font-size:15px;line-height:1.7">${content}</div>${CRLF}</body></html>`;
  const at = input.from.lastIndexOf('@');
  const applicant: ApplicantFields = {
    applicant_name: input.applicant?.name ?? '',
    applicant_name_en: input.applicant?.nameEn ?? '',
    applicant_phone: input.applicant?.phone ?? '',
  };
  return {
    subject: bindApplicant(compileTemplate(input.subject.replace(/[\r\n]+/g, ' ')), applicant),
    html: bindApplicant(compileTemplate(html), applicant, escapeHtml),
    text: bindApplicant(compileTemplate(htmlToText(content)), applicant),
    from: fromHeader(input.from, input.applicant?.name),
    messageIdDomain: at >= 0 ? input.from.slice(at + 1) : 'sira.local',
  };
}

/**
 * A company's value in the HTML part: escaped, and its Latin runs ("Sira Labs (KSA)", an address) isolated so
 * the Arabic sentence around them does not reorder them (@sira/shared bidi.ts); the text part gets the
 * LRI … PDI marks instead.
 */
const htmlValue = (value: string) =>
  ltrRuns(value)
    .map((run) => (run.ltr ? `<bdi dir="ltr">${escapeHtml(run.text)}</bdi>` : escapeHtml(run.text)))
    .join('');

/** An opt-out URL as the headers and footer carry it: https or http, printable ASCII only (it goes in a header). */
function checkedOptOutUrl(url: string): string {
  if (!/^https?:\/\/[\x21-\x7e]+$/.test(url) || /[<>"]/.test(url))
    throw new Error(`opt-out URL not fit for a header: ${JSON.stringify(url)}`);
  return url;
}

/** The footer's fixed text, escaped once. */
const FOOTER_TEXT_HTML = escapeHtml(optOutFooter.text);
const FOOTER_LINK_HTML = escapeHtml(optOutFooter.link);

/** The footer under the HTML part: small, grey, right to left, after a rule; the link is the receiver's own. */
const optOutHtmlFooter = (url: string) =>
  `<div dir="rtl" lang="ar" style="direction:rtl;text-align:right;font-family:Tahoma,Arial,sans-serif;font-size:12px;line-height:1.6;color:#595959;border-top:1px solid #dddddd;margin-top:24px;padding-top:8px">${FOOTER_TEXT_HTML} <a href="${escapeHtml(url)}">${FOOTER_LINK_HTML}</a></div>${CRLF}`;

/** The HTML part with the footer put before `</body>`. */
function withHtmlFooter(html: string, url: string): string {
  const end = html.lastIndexOf('</body>');
  return end < 0 ? html + optOutHtmlFooter(url) : html.slice(0, end) + optOutHtmlFooter(url) + html.slice(end);
}

/** One company's message: the per-company head, then the job's shared tail. */
export function renderMessage(job: PreparedJobMessage, to: Recipient, date: Date = new Date()): Buffer[] {
  if (!isMailAddress(to.email)) throw new InvalidRecipientError(to.email);
  const alt = `${job.boundary}_alt`;
  const optOut = to.optOutUrl === undefined ? undefined : checkedOptOutUrl(to.optOutUrl);
  let text = fillTemplate(job.text, to, isolateLtrRuns);
  let html = fillTemplate(job.html, to, htmlValue);
  if (optOut) {
    text = `${text}\n\n-- \n${optOutFooter.text}\n${optOut}`;
    html = withHtmlFooter(html, optOut);
  }
  const head = [
    `From: ${job.from}`,
    `To: ${to.email}`,
    `Subject: ${encodeHeaderWords(fillTemplate(job.subject, to))}`,
    `Date: ${date.toUTCString().replace('GMT', '+0000')}`,
    `Message-ID: <${randomUUID()}@${job.messageIdDomain}>`,
    // RFC 8058: the mail client may POST "List-Unsubscribe=One-Click" to the https URL, which stops CVs at once.
    ...(optOut ? [`List-Unsubscribe: <${optOut}>`, 'List-Unsubscribe-Post: List-Unsubscribe=One-Click'] : []),
    'MIME-Version: 1.0',
    `Content-Type: multipart/mixed; boundary="${job.boundary}"`,
    '',
    `--${job.boundary}`,
    `Content-Type: multipart/alternative; boundary="${alt}"`,
    '',
    `--${alt}`,
    'Content-Type: text/plain; charset=UTF-8',
    'Content-Transfer-Encoding: base64',
    '',
    wrapBase64(Buffer.from(text, 'utf8')),
    `--${alt}`,
    'Content-Type: text/html; charset=UTF-8',
    'Content-Transfer-Encoding: base64',
    '',
    wrapBase64(Buffer.from(html, 'utf8')),
    `--${alt}--`,
    '',
    '',
  ].join(CRLF);
  return [Buffer.from(head, 'utf8'), job.tail];
}
