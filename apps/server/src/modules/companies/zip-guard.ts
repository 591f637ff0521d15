import { createInflateRaw } from 'node:zlib';

/** Why an .xlsx container was refused before the spreadsheet library saw it. */
export type ZipProblem = 'not-zip' | 'not-workbook' | 'too-large';

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const ZIP64_MARK = 0xffffffff;

interface Entry {
  name: string;
  method: number;
  compressedSize: number;
  declaredSize: number;
  localOffset: number;
}

/**
 * Checks that an .xlsx really is a workbook and that its entries unpack to at most `maxBytes` in total,
 * before any parser inflates it. The sizes a zip declares can lie, so each entry is actually inflated as a
 * stream whose output is counted and thrown away: a zip bomb is stopped at the cap without ever being held
 * in memory. Returns null when the container is acceptable.
 */
export async function checkXlsxContainer(buffer: Buffer, maxBytes: number): Promise<ZipProblem | null> {
  const entries = readCentralDirectory(buffer);
  if (!entries) return 'not-zip';
  if (!entries.some((e) => e.name === 'xl/workbook.xml' || e.name === 'xl/workbook.bin')) return 'not-workbook';
  let declared = 0;
  for (const e of entries) declared += e.declaredSize;
  if (declared > maxBytes) return 'too-large';
  let budget = maxBytes;
  for (const entry of entries) {
    const data = entryData(buffer, entry);
    if (!data) return 'not-zip';
    let size: number | ZipProblem;
    if (entry.method === 0) size = data.length;
    else if (entry.method === 8) size = await inflatedSize(data, budget);
    else return 'not-zip';
    if (typeof size !== 'number') return size;
    budget -= size;
    if (budget < 0) return 'too-large';
  }
  return null;
}

/** How many bytes a deflated entry unpacks to, giving up as soon as it passes `cap`. */
function inflatedSize(data: Buffer, cap: number): Promise<number | ZipProblem> {
  return new Promise((resolve) => {
    const inflater = createInflateRaw();
    let total = 0;
    inflater.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > cap) {
        resolve('too-large');
        inflater.destroy();
      }
    });
    inflater.on('error', () => resolve('not-zip'));
    inflater.on('end', () => resolve(total));
    inflater.end(data);
  });
}

/**
 * The central directory, found exactly as the spreadsheet library finds it — and refused when that is
 * ambiguous. SheetJS (`parse_zip`) takes the first end-of-central-directory signature searching back from four
 * bytes before the end and ignores ZIP64; a proper reader searches back from 22 bytes before the end and may
 * follow a ZIP64 record. A file on which the two disagree (a second, truncated end record hidden in the last
 * bytes, or ZIP64 values) could show this guard one directory and the library another, unchecked one, so it is
 * refused: no real .xlsx under the upload limit needs either.
 */
function readCentralDirectory(buffer: Buffer): Entry[] | null {
  const lastSignature = (from: number, floor: number) => {
    for (let i = from; i >= floor; i--) if (buffer.readUInt32LE(i) === EOCD_SIGNATURE) return i;
    return -1;
  };
  if (buffer.length < 22) return null;
  // The end-of-central-directory record is 22 bytes plus a comment of at most 65,535.
  const floor = Math.max(0, buffer.length - 22 - 0xffff);
  const eocd = lastSignature(buffer.length - 22, floor);
  if (eocd < 0 || lastSignature(buffer.length - 4, floor) !== eocd) return null;
  const count = buffer.readUInt16LE(eocd + 10);
  const offset = buffer.readUInt32LE(eocd + 16);
  if (count === 0xffff || offset === ZIP64_MARK) return null;
  // SheetJS reads the count of this disk's entries, a proper reader the total: they must be the same.
  if (buffer.readUInt16LE(eocd + 8) !== count) return null;
  return readEntries(buffer, offset, count);
}

function readEntries(buffer: Buffer, start: number, count: number): Entry[] | null {
  const entries: Entry[] = [];
  let p = start;
  for (let i = 0; i < count; i++) {
    if (p + 46 > buffer.length || buffer.readUInt32LE(p) !== CENTRAL_SIGNATURE) return null;
    const method = buffer.readUInt16LE(p + 10);
    const compressedSize = buffer.readUInt32LE(p + 20);
    const declaredSize = buffer.readUInt32LE(p + 24);
    const nameLength = buffer.readUInt16LE(p + 28);
    const extraLength = buffer.readUInt16LE(p + 30);
    const commentLength = buffer.readUInt16LE(p + 32);
    const localOffset = buffer.readUInt32LE(p + 42);
    const nameEnd = p + 46 + nameLength;
    if (nameEnd + extraLength > buffer.length) return null;
    const name = buffer.toString('utf8', p + 46, nameEnd);
    // ZIP64 values (no .xlsx under the upload limit needs them) are read differently by the spreadsheet library
    // and a proper reader: refused, like a ZIP64 end record.
    if ([declaredSize, compressedSize, localOffset].includes(ZIP64_MARK)) return null;
    entries.push({ name, method, compressedSize, declaredSize, localOffset });
    p = nameEnd + extraLength + commentLength;
  }
  return entries;
}

/**
 * The bytes of an entry, read where its local header says — refusing (null) a local header that disagrees
 * with the central directory on the name, the method or the sizes. Parsers (SheetJS among them) trust the
 * local header, so an entry listed as "stored, 0 bytes" but deflated locally would otherwise pass this guard
 * uncounted and be inflated in full by the parser.
 */
function entryData(buffer: Buffer, entry: Entry): Buffer | null {
  const p = entry.localOffset;
  if (p + 30 > buffer.length || buffer.readUInt32LE(p) !== LOCAL_SIGNATURE) return null;
  const flags = buffer.readUInt16LE(p + 6);
  const nameLength = buffer.readUInt16LE(p + 26);
  if (buffer.readUInt16LE(p + 8) !== entry.method) return null;
  if (p + 30 + nameLength > buffer.length || buffer.toString('utf8', p + 30, p + 30 + nameLength) !== entry.name) return null;
  // Sizes may be left out of the local header (zero, with a data descriptor after the data) or moved to a
  // ZIP64 field; when they are given they must be the central directory's.
  const sizesLater = (flags & 0x08) !== 0;
  const localSizes = [buffer.readUInt32LE(p + 18), buffer.readUInt32LE(p + 22)] as const;
  const expected = [entry.compressedSize, entry.declaredSize] as const;
  for (const [i, local] of localSizes.entries()) {
    if (sizesLater && local === 0) continue;
    // ZIP64 sizes in a local header would be the library's to read (it trusts local headers), not ours.
    if (local !== expected[i]) return null;
  }
  const start = p + 30 + nameLength + buffer.readUInt16LE(p + 28);
  const end = start + entry.compressedSize;
  if (end > buffer.length) return null;
  return buffer.subarray(start, end);
}
