import { inflateSync, constants as zlib } from 'node:zlib';

/**
 * PDF 32000-1's syntax (§7.2–7.4) as the active-content scan reads it (pdf-active-content.ts): characters, names,
 * strings, dictionaries and the stream filters an object stream may use.
 */

/** A PDF object as the active-content scan keeps it: a stream's dictionary needs no more (§7.3). */
export type PdfValue =
  | { name: string }
  | { number: number }
  | { boolean: boolean }
  | { string: Buffer }
  | { ref: number }
  | { dict: PdfDictionary }
  | { array: PdfValue[] }
  | { other: true };
export type PdfDictionary = Map<string, PdfValue>;

// PDF 32000-1 §7.2.2: white-space and delimiter characters; every other byte is a "regular" character.
export const WHITE = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);
const DELIMITERS = new Set([0x28, 0x29, 0x3c, 0x3e, 0x5b, 0x5d, 0x7b, 0x7d, 0x2f, 0x25]);
export const isRegular = (byte: number) => !WHITE.has(byte) && !DELIMITERS.has(byte);
export const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)$/;

/** A name as written, `#xx` escapes decoded (§7.3.5). */
export const decodeName = (raw: string) =>
  raw.replace(/#([0-9a-fA-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

/** A literal string from its `(` past the balancing `)` (§7.3.4.2), its escapes decoded. */
export function literalString(bytes: Buffer, start: number): { value: Buffer; end: number } {
  const out: number[] = [];
  let depth = 1;
  let at = start + 1;
  while (at < bytes.length) {
    const byte = bytes[at] as number;
    if (byte === 0x5c) {
      const next = bytes[at + 1];
      at += 2;
      if (next === undefined) break;
      const escaped = ESCAPES[String.fromCharCode(next)];
      if (escaped !== undefined) out.push(escaped);
      else if (next >= 0x30 && next <= 0x37) {
        let code = next - 0x30;
        for (let digits = 1; digits < 3 && (bytes[at] ?? 0) >= 0x30 && (bytes[at] ?? 0) <= 0x37; digits++)
          code = code * 8 + (bytes[at++] as number) - 0x30;
        out.push(code & 0xff);
      } else if (next === 0x0d) {
        if (bytes[at] === 0x0a) at++; // a line continued
      } else if (next !== 0x0a) out.push(next);
      continue;
    }
    if (byte === 0x28) depth++;
    else if (byte === 0x29 && --depth === 0) return { value: Buffer.from(out), end: at + 1 };
    out.push(byte);
    at++;
  }
  return { value: Buffer.from(out), end: bytes.length };
}

const ESCAPES: Record<string, number> = { n: 0x0a, r: 0x0d, t: 0x09, b: 0x08, f: 0x0c, '(': 0x28, ')': 0x29, '\\': 0x5c };

/** A hex string's bytes (§7.3.4.3): white space ignored, a missing last digit read as 0. */
export function fromHex(text: string): Buffer {
  const digits = text.replace(/[^0-9a-fA-F]/g, '');
  return Buffer.from(digits.length % 2 ? `${digits}0` : digits, 'hex');
}

/** A dictionary from the items between its `<<` and `>>`: name, value, name, value… */
export function dictionaryOf(items: PdfValue[]): PdfDictionary {
  const dict: PdfDictionary = new Map();
  for (let index = 0; index + 1 < items.length; index += 2) {
    const key = items[index];
    if (key && 'name' in key) dict.set(key.name, items[index + 1] as PdfValue);
    else index--; // a key that is not a name: take the next item for one
  }
  return dict;
}

/** The stream's data through its filters; undefined for a filter this reader does not know, or data it cannot decode. */
export function decodeStream(data: Buffer, dict: PdfDictionary, budget: number): Buffer | undefined {
  const filter = dict.get('Filter');
  const filters = !filter ? [] : 'array' in filter ? filter.array : [filter];
  const parameters = dict.get('DecodeParms');
  const withPredictor = (value: PdfValue | undefined) => !!value && 'dict' in value && value.dict.has('Predictor');
  // A predictor (PNG or TIFF differences) is for pictures and cross-reference streams, not object streams.
  if (withPredictor(parameters) || (parameters && 'array' in parameters && parameters.array.some(withPredictor))) return undefined;
  let current = data;
  for (const step of filters) {
    if (!('name' in step)) return undefined;
    try {
      if (step.name === 'FlateDecode' || step.name === 'Fl')
        current = inflateSync(current, { finishFlush: zlib.Z_SYNC_FLUSH, maxOutputLength: Math.max(1, budget) });
      else if (step.name === 'ASCIIHexDecode' || step.name === 'AHx') current = fromHex(current.toString('latin1').split('>')[0] ?? '');
      else return undefined;
    } catch {
      return undefined;
    }
  }
  return current;
}
