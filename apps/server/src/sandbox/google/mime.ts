/**
 * Just enough RFC 5322 / MIME reading for the sandbox's Sent folder: headers (with RFC 2047 encoded words,
 * so Arabic subjects read right), multipart bodies, base64 and quoted-printable, and RFC 2231 file names.
 * Parsing is lazy: `messages.send` only stores bytes; this runs when a person opens the folder.
 */

export type Headers = Map<string, string[]>;

export interface ParsedMessage {
  headers: Headers;
  html: string | undefined;
  text: string | undefined;
  attachments: Array<{ filename: string; contentType: string; content: Buffer }>;
}

/** The header block ends at the first empty line. */
export function headerEnd(raw: Buffer): { end: number; bodyStart: number } {
  const crlf = raw.indexOf('\r\n\r\n');
  const lf = raw.indexOf('\n\n');
  if (crlf >= 0 && (lf < 0 || crlf <= lf)) return { end: crlf, bodyStart: crlf + 4 };
  if (lf >= 0) return { end: lf, bodyStart: lf + 2 };
  return { end: raw.length, bodyStart: raw.length };
}

export function parseHeaders(block: string): Headers {
  const headers: Headers = new Map();
  const unfolded = block.replace(/\r?\n[ \t]+/g, ' ');
  for (const line of unfolded.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    headers.set(name, [...(headers.get(name) ?? []), line.slice(colon + 1).trim()]);
  }
  return headers;
}

/** Only the headers of a raw message (cheap: the body is not touched). */
export function readHeaders(raw: Buffer): Headers {
  return parseHeaders(raw.subarray(0, headerEnd(raw).end).toString('latin1'));
}

function decodeCharset(bytes: Buffer, charset: string): string {
  try {
    return new TextDecoder(charset.toLowerCase() === 'us-ascii' ? 'utf-8' : charset).decode(bytes);
  } catch {
    return bytes.toString('utf8');
  }
}

function decodeQuotedPrintable(input: string, underscoreIsSpace: boolean): Buffer {
  const text = (underscoreIsSpace ? input.replace(/_/g, ' ') : input).replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    const hex = text.slice(i + 1, i + 3);
    if (ch === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(text.charCodeAt(i) & 0xff);
    }
  }
  return Buffer.from(bytes);
}

/** RFC 2047 `=?utf-8?B?...?=` / `?Q?` words; whitespace between adjacent encoded words is dropped. */
export function decodeWords(value: string): string {
  // Headers were read as latin1: re-read raw 8-bit UTF-8 (some composers send it unencoded).
  const text = /[\u0080-\u00ff]/.test(value) ? Buffer.from(value, 'latin1').toString('utf8') : value;
  return text
    .replace(/(=\?[^?]+\?[BbQq]\?[^?]*\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?([^?*]+)(?:\*[^?]*)?\?([BbQq])\?([^?]*)\?=/g, (_m, charset: string, enc: string, data: string) =>
      decodeCharset(enc.toUpperCase() === 'B' ? Buffer.from(data, 'base64') : decodeQuotedPrintable(data, true), charset),
    );
}

export function header(headers: Headers, name: string): string | undefined {
  const value = headers.get(name)?.[0];
  return value === undefined ? undefined : decodeWords(value);
}

/** RFC 2231 values are percent-encoded bytes in the named charset. */
function percentDecode(data: string): Buffer {
  const bytes: number[] = [];
  for (let i = 0; i < data.length; i++) {
    const hex = data.slice(i + 1, i + 3);
    if (data[i] === '%' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(data.charCodeAt(i) & 0xff);
    }
  }
  return Buffer.from(bytes);
}

/** `type/subtype; a=b; c="d"` with RFC 2231 continuations and charsets (`filename*=utf-8''%D8%B3...`). */
export function parseParameterized(value: string | undefined): { value: string; params: Record<string, string> } {
  if (!value) return { value: '', params: {} };
  const parts = value.match(/(?:[^;"]+|"(?:[^"\\]|\\.)*")+/g) ?? [];
  const params: Record<string, string> = {};
  // RFC 2231: `name*0*=utf-8''%D8..`, `name*1=...`; only the first piece carries the charset.
  const extended: Record<string, Array<{ value: string; encoded: boolean }>> = {};
  for (const part of parts.slice(1)) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const key = part.slice(0, eq).trim().toLowerCase();
    let v = part.slice(eq + 1).trim();
    if (v.startsWith('"') && v.endsWith('"')) v = v.slice(1, -1).replace(/\\(.)/g, '$1');
    const m = key.match(/^([^*]+)(?:\*(\d+))?(\*)?$/);
    if (m && (m[2] !== undefined || m[3])) {
      const base = m[1] as string;
      const pieces = extended[base] ?? [];
      pieces[Number(m[2] ?? 0)] = { value: v, encoded: !!m[3] };
      extended[base] = pieces;
    } else {
      params[key] = decodeWords(v);
    }
  }
  for (const [key, pieces] of Object.entries(extended)) {
    const [first, ...rest] = pieces.filter(Boolean);
    if (!first?.encoded) {
      params[key] = pieces.map((p) => p.value).join('');
      continue;
    }
    const [charset = 'utf-8', , data = ''] = first.value.split("'");
    const bytes = [percentDecode(data), ...rest.map((p) => (p.encoded ? percentDecode(p.value) : Buffer.from(p.value, 'latin1')))];
    params[key] = decodeCharset(Buffer.concat(bytes), charset);
  }
  return { value: (parts[0] ?? '').trim().toLowerCase(), params };
}

function decodeTransfer(body: Buffer, encoding: string | undefined): Buffer {
  switch ((encoding ?? '').toLowerCase()) {
    case 'base64':
      return Buffer.from(body.toString('latin1').replace(/[^A-Za-z0-9+/=]/g, ''), 'base64');
    case 'quoted-printable':
      return decodeQuotedPrintable(body.toString('latin1'), false);
    default:
      return body;
  }
}

function splitMultipart(body: Buffer, boundary: string): Buffer[] {
  const text = body.toString('latin1');
  const delimiter = `--${boundary}`;
  const parts: Buffer[] = [];
  let start = text.indexOf(delimiter);
  while (start >= 0) {
    const afterDelimiter = start + delimiter.length;
    if (text.startsWith('--', afterDelimiter)) break;
    const contentStart = text.indexOf('\n', afterDelimiter) + 1;
    const next = text.indexOf(`\n${delimiter}`, contentStart);
    if (contentStart <= 0 || next < 0) break;
    const end = text[next - 1] === '\r' ? next - 1 : next;
    parts.push(body.subarray(contentStart, end));
    start = next + 1;
  }
  return parts;
}

function walk(raw: Buffer, into: ParsedMessage, depth: number): void {
  const { end, bodyStart } = headerEnd(raw);
  const headers = parseHeaders(raw.subarray(0, end).toString('latin1'));
  const body = raw.subarray(bodyStart);
  const type = parseParameterized(headers.get('content-type')?.[0] ?? 'text/plain; charset=us-ascii');
  if (type.value.startsWith('multipart/') && type.params.boundary && depth < 10) {
    for (const part of splitMultipart(body, type.params.boundary)) walk(part, into, depth + 1);
    return;
  }
  const content = decodeTransfer(body, headers.get('content-transfer-encoding')?.[0]);
  const disposition = parseParameterized(headers.get('content-disposition')?.[0]);
  const filename = disposition.params.filename ?? type.params.name;
  const inlineText = (type.value === 'text/html' || type.value === 'text/plain') && disposition.value !== 'attachment';
  if (inlineText && type.value === 'text/html' && into.html === undefined) {
    into.html = decodeCharset(content, type.params.charset ?? 'utf-8');
  } else if (inlineText && type.value === 'text/plain' && into.text === undefined) {
    into.text = decodeCharset(content, type.params.charset ?? 'utf-8');
  } else if (!inlineText || filename) {
    into.attachments.push({ filename: filename ?? `attachment-${into.attachments.length + 1}`, contentType: type.value, content });
  }
}

export function parseMessage(raw: Buffer): ParsedMessage {
  const parsed: ParsedMessage = { headers: readHeaders(raw), html: undefined, text: undefined, attachments: [] };
  walk(raw, parsed, 0);
  return parsed;
}
