import { streamDecryptor } from './pdf-encryption';
import {
  decodeName,
  decodeStream,
  dictionaryOf,
  fromHex,
  isRegular,
  literalString,
  NUMBER,
  type PdfDictionary,
  type PdfValue,
  WHITE,
} from './pdf-syntax';

/**
 * What in a PDF runs, opens or carries something other than the pages: a CV is text and pictures, and a
 * company's mail filter or reader treats a PDF with a script, a launch action or a file inside as a threat —
 * one mailed from the applicant's own address through Sira would be one. The upload refuses these names
 * (PDF 32000-1 §12.6.4, §7.11.4, §12.5.6.15, §12.7.8), wherever they stand in the file's syntax:
 *
 * - `/JS`, `/JavaScript`: a JavaScript action, or the document's named scripts.
 * - `/Launch`: an action that opens another program or file.
 * - `/EmbeddedFiles`, `/EmbeddedFile`, `/FileAttachment`: files carried inside (the names tree, the file
 *   stream's type, the annotation that shows one).
 * - `/XFA`: an XFA form, whose scripts are XML in a stream, where no /JS name appears.
 *
 * `/OpenAction` and `/AA` (the actions run when the document or a page opens) are not refused themselves: Word,
 * LibreOffice and Chromium write an /OpenAction that only sets the first view (`[page /Fit]`), and such a
 * trigger can only run a script written with the /JS key, or a program with /Launch, which are refused
 * wherever they stand, in the action itself or in an object it refers to.
 *
 * The file is read as a PDF reader does, not as text: a name may be written with `#xx` escapes (`/J#61vaScript`
 * is `/JavaScript`), names inside strings or comments are not names (a URL `…/JS` in a link is not a script), and
 * stream data — fonts, pictures, compressed page contents, where `/JS` and a delimiter turn up by chance about
 * once in 270 MB, one 5 MB upload in fifty — is skipped, except object streams (PDF 1.5, §7.5.7), where dictionaries sit compressed: those are
 * decrypted when the file is (pdf-encryption.ts), inflated and read too. An object stream that cannot be read
 * (an unknown filter, damaged data) could hide anything: it counts as `unread`, and the upload is refused.
 */
const REFUSED_NAMES = new Set(['JS', 'JavaScript', 'Launch', 'EmbeddedFiles', 'EmbeddedFile', 'FileAttachment', 'XFA']);

export interface ActiveContentScan {
  /** The refused names found, each once, in the order first met. */
  found: string[];
  /** Object streams that could not be read. */
  unread: number;
}

/** The most bytes inflated from the object streams of one file: a CV's hold a few hundred kilobytes. */
const MOST_INFLATED_BYTES = 64 * 1024 * 1024;

/**
 * Open dictionaries and arrays kept, and items kept in each: what a stream's dictionary needs (/Length,
 * /Filter, /Type, /First, /N) with room to spare. Deeper or longer syntax is still read for its names, but its
 * values are not kept, so a crafted file costs no more memory than an ordinary one.
 */
const MOST_FRAMES = 100;
const MOST_ITEMS = 1000;

/**
 * Names written inside a comment or a string count only where that text holds object syntax: a reader that
 * jumps to an object's offset (the cross-reference table's) may find objects there that a front-to-back
 * reading took for a string left open or a comment.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: PDF's white-space characters end a name (§7.2.2)
const NAMES_IN_TEXT = /\/([^\x00\x09\x0a\x0c\x0d\x20()<>[\]{}/%]*)/g;
const OBJECT_SYNTAX = /\b(?:obj|endobj|stream|endstream)\b/;

interface ObjectStream {
  data: Buffer;
  dict: PdfDictionary;
  object: number;
  generation: number;
}

interface Scan {
  found: Set<string>;
  /** Integers written as objects of their own (`12 0 obj 3456 endobj`): the indirect /Length of streams. */
  integers: Map<number, number>;
  objectStreams: ObjectStream[];
  /** Dictionaries that hold /Encrypt and /ID: the trailer, a cross-reference stream's. */
  trailers: PdfDictionary[];
  /** Top-level objects that look like an encryption dictionary (/Filter, /O, /U), by number. */
  encryptionDictionaries: Map<number, PdfDictionary>;
}

export function scanActiveContent(bytes: Buffer): ActiveContentScan {
  const scan: Scan = {
    found: new Set(),
    integers: indirectIntegers(bytes),
    objectStreams: [],
    trailers: [],
    encryptionDictionaries: new Map(),
  };
  walk(bytes, scan, true);
  const decrypt = streamDecryptor(scan.trailers, scan.encryptionDictionaries);
  let unread = 0;
  let inflated = 0;
  for (const stream of scan.objectStreams) {
    const plain = decrypt ? decrypt(stream.data, stream.object, stream.generation) : stream.data;
    const decoded = plain && decodeStream(plain, stream.dict, MOST_INFLATED_BYTES - inflated);
    if (!decoded) {
      unread++;
      continue;
    }
    inflated += decoded.length;
    walk(decoded, scan, false);
  }
  return { found: [...scan.found], unread };
}

function indirectIntegers(bytes: Buffer): Map<number, number> {
  const integers = new Map<number, number>();
  for (const match of bytes.toString('latin1').matchAll(/(?<!\d)(\d+)\s+\d+\s+obj\s*(\d+)\s*endobj/g))
    integers.set(Number(match[1]), Number(match[2]));
  return integers;
}

function noteNamesInText(text: string, scan: Scan) {
  if (!OBJECT_SYNTAX.test(text)) return;
  for (const [, raw] of text.matchAll(NAMES_IN_TEXT)) {
    const name = decodeName(raw ?? '');
    if (REFUSED_NAMES.has(name)) scan.found.add(name);
  }
}

interface Frame {
  kind: 'dict' | 'array';
  items: PdfValue[];
}

/**
 * Reads PDF syntax front to back without recursion — a stack of open dictionaries and arrays — noting refused
 * names, skipping stream data and keeping object streams (at the top level: an object stream holds no streams)
 * for reading afterwards, once the trailer has said whether the file is encrypted.
 */
function walk(bytes: Buffer, scan: Scan, topLevel: boolean): void {
  const stack: Frame[] = [];
  /** Dictionaries and arrays open beyond MOST_FRAMES: counted, not kept. */
  let untracked = 0;
  /** The last values outside any dictionary or array: `12 0 obj`'s numbers, a stream's dictionary. */
  let recent: PdfValue[] = [];
  let object: { number: number; generation: number } | undefined;
  let afterTrailer = false;

  const emit = (value: PdfValue) => {
    if (untracked > 0) return;
    const frame = stack.at(-1);
    if (frame) {
      if (frame.items.length < MOST_ITEMS) frame.items.push(value);
      return;
    }
    recent = [...recent.slice(-1), value];
    if (!('dict' in value)) return;
    if (afterTrailer || value.dict.has('Encrypt')) scan.trailers.push(value.dict);
    afterTrailer = false;
    if (object && value.dict.has('Filter') && value.dict.has('O') && value.dict.has('U'))
      scan.encryptionDictionaries.set(object.number, value.dict);
  };
  const open = (kind: Frame['kind']) => {
    if (untracked > 0 || stack.length >= MOST_FRAMES) untracked++;
    else stack.push({ kind, items: [] });
  };
  const close = (kind: Frame['kind']): Frame | undefined => {
    if (untracked > 0) {
      untracked--;
      return undefined;
    }
    return stack.at(-1)?.kind === kind ? stack.pop() : undefined;
  };

  let at = 0;
  while (at < bytes.length) {
    const byte = bytes[at] as number;
    if (WHITE.has(byte)) {
      at++;
    } else if (byte === 0x25) {
      // A comment, to the end of its line.
      let end = at + 1;
      while (end < bytes.length && bytes[end] !== 0x0a && bytes[end] !== 0x0d) end++;
      noteNamesInText(bytes.toString('latin1', at + 1, end), scan);
      at = end;
    } else if (byte === 0x2f) {
      let end = at + 1;
      while (end < bytes.length && isRegular(bytes[end] as number)) end++;
      const name = decodeName(bytes.toString('latin1', at + 1, end));
      if (REFUSED_NAMES.has(name)) scan.found.add(name);
      emit({ name });
      at = end;
    } else if (byte === 0x28) {
      const string = literalString(bytes, at);
      noteNamesInText(bytes.toString('latin1', at + 1, string.end - 1), scan);
      emit({ string: string.value });
      at = string.end;
    } else if (byte === 0x3c && bytes[at + 1] === 0x3c) {
      open('dict');
      at += 2;
    } else if (byte === 0x3e && bytes[at + 1] === 0x3e) {
      const frame = close('dict');
      if (frame) emit({ dict: dictionaryOf(frame.items) });
      at += 2;
    } else if (byte === 0x3c) {
      const found = bytes.indexOf(0x3e, at + 1);
      const end = found < 0 ? bytes.length : found;
      const text = bytes.toString('latin1', at + 1, end);
      noteNamesInText(text, scan);
      emit({ string: fromHex(text) });
      at = end + 1;
    } else if (byte === 0x5b) {
      open('array');
      at++;
    } else if (byte === 0x5d) {
      const frame = close('array');
      if (frame) emit({ array: frame.items });
      at++;
    } else if (!isRegular(byte)) {
      at++; // a stray ) > { }: damaged syntax, which readers skip too
    } else {
      let end = at + 1;
      while (end < bytes.length && isRegular(bytes[end] as number)) end++;
      const word = bytes.toString('latin1', at, end);
      at = end;
      if (NUMBER.test(word)) emit({ number: Number(word) });
      else if (word === 'true' || word === 'false') emit({ boolean: word === 'true' });
      else if (word === 'R') {
        // `12 0 R`: the two numbers before the R become one reference.
        const items = untracked > 0 ? undefined : stack.at(-1)?.items;
        const [number, generation] = items?.slice(-2) ?? [];
        if (items && number && generation && 'number' in number && 'number' in generation) {
          items.splice(-2, 2, { ref: number.number });
        } else emit({ other: true });
      } else if (word === 'obj') {
        const [number, generation] = recent;
        object =
          number && generation && 'number' in number && 'number' in generation
            ? { number: number.number, generation: generation.number }
            : undefined;
        stack.length = 0;
        untracked = 0;
        recent = [];
      } else if (word === 'endobj' || word === 'trailer') {
        // An object's syntax ends here, whatever a damaged one left open.
        stack.length = 0;
        untracked = 0;
        recent = [];
        afterTrailer = word === 'trailer';
      } else if (word === 'stream') {
        const last = recent.at(-1);
        const dict = stack.length === 0 && untracked === 0 && last && 'dict' in last ? last.dict : new Map<string, PdfValue>();
        const data = streamData(bytes, at, dict, scan);
        if (topLevel && object && isObjectStream(dict))
          scan.objectStreams.push({ data: data.bytes, dict, object: object.number, generation: object.generation });
        at = data.end;
        recent = [];
      } else emit({ other: true });
    }
  }
}

/**
 * A stream's data, which starts after the `stream` keyword's end of line and runs for /Length bytes. An
 * `endstream` before that ends it early: what is skipped is never more than a reader would also take for data,
 * so no object hides inside a stream that claims to be longer than it is.
 */
function streamData(bytes: Buffer, keywordEnd: number, dict: PdfDictionary, scan: Scan): { bytes: Buffer; end: number } {
  let start = keywordEnd;
  if (bytes[start] === 0x0d) start++;
  if (bytes[start] === 0x0a) start++;
  const length = dict.get('Length');
  const declared = length && 'number' in length ? length.number : length && 'ref' in length ? scan.integers.get(length.ref) : undefined;
  const keyword = bytes.indexOf('endstream', start, 'latin1');
  const ends = [declared !== undefined && declared >= 0 ? start + declared : -1, keyword].filter((end) => end >= 0);
  const end = ends.length > 0 ? Math.min(...ends, bytes.length) : start;
  return { bytes: bytes.subarray(start, end), end };
}

const isObjectStream = (dict: PdfDictionary) => {
  const type = dict.get('Type');
  // pdf.js takes any stream with /First and /N that a cross-reference stream points into for an object stream.
  return (type && 'name' in type && type.name === 'ObjStm') || (dict.has('First') && dict.has('N'));
};
