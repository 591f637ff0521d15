/**
 * CSV that Excel opens as it should on an Arabic Windows: UTF-8 with a byte-order mark (without it Excel reads
 * the bytes as the local code page and Arabic turns to mojibake), fields separated by commas, lines ended by
 * CRLF (RFC 4180), and a field quoted when it holds a comma, a quote or a line break.
 *
 * A field that Excel would take for a formula (=, +, -, @, or a tab or carriage return first) gets a leading
 * apostrophe: a company name or subject such as `=HYPERLINK(...)` must read as text, not run (CSV injection).
 * Numbers are written as numbers, so they are not touched.
 */
export const CSV_BOM = '\uFEFF';
const CRLF = '\r\n';

export type CsvValue = string | number | boolean | Date | null | undefined;

function field(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'نعم' : 'لا';
  let text = value instanceof Date ? value.toISOString() : value;
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (values: readonly CsvValue[]): string => values.map(field).join(',') + CRLF;

/** The header line, with the byte-order mark before it: the start of a file. */
export const csvHeader = (headers: readonly string[]): string => CSV_BOM + csvLine(headers);
