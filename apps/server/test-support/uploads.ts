import { createDeflateRaw, deflateRawSync } from 'node:zlib';
import * as XLSX from '@e965/xlsx';

// Test helpers: multipart bodies for app.inject(), and workbooks or raw zips built in memory.

export interface UploadPart {
  name: string;
  /** Present for a file part. */
  filename?: string;
  content: Buffer | string;
}

/** A multipart/form-data body as a browser sends it (file names in raw UTF-8). */
export function multipart(parts: UploadPart[]) {
  const boundary = `----sira-test-${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = part.filename
      ? `form-data; name="${part.name}"; filename="${part.filename.replaceAll('"', '%22')}"`
      : `form-data; name="${part.name}"`;
    const type = part.filename ? 'Content-Type: application/octet-stream\r\n' : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    chunks.push(typeof part.content === 'string' ? Buffer.from(part.content) : part.content, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** An .xlsx (or .xls) with these rows, written by the spreadsheet library. */
export function workbook(rows: unknown[][], bookType: 'xlsx' | 'xls' = 'xlsx'): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'الشركات');
  return XLSX.write(book, { type: 'buffer', bookType: bookType === 'xls' ? 'biff8' : 'xlsx', compression: true }) as Buffer;
}

export interface ZipEntry {
  name: string;
  /** Deflated content (method 8), or stored bytes (method 0). */
  data: Buffer;
  method: 0 | 8;
  /** The uncompressed size the headers claim; a zip bomb may lie. */
  declaredSize: number;
  /** What the central directory says instead, when it lies differently from the local header. */
  central?: { method: 0 | 8; declaredSize: number };
}

/** A minimal zip container (no CRCs: the guard under test refuses before anything checks them). */
export function zip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(e.method, 8);
    local.writeUInt32LE(e.data.length, 18);
    local.writeUInt32LE(e.declaredSize, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(e.central?.method ?? e.method, 10);
    central.writeUInt32LE(e.data.length, 20);
    central.writeUInt32LE(e.central?.declaredSize ?? e.declaredSize, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, e.data);
    centrals.push(central, name);
    offset += local.length + name.length + e.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** `bytes` zero bytes deflated, streamed so the test never holds them uncompressed. */
export async function deflatedZeros(bytes: number): Promise<Buffer> {
  const deflater = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflater.on('data', (c: Buffer) => out.push(c));
  const done = new Promise((resolve, reject) => {
    deflater.on('end', resolve);
    deflater.on('error', reject);
  });
  const chunk = Buffer.alloc(1024 * 1024);
  for (let left = bytes; left > 0; left -= chunk.length) {
    if (!deflater.write(left >= chunk.length ? chunk : chunk.subarray(0, left))) await new Promise((r) => deflater.once('drain', r));
  }
  deflater.end();
  await done;
  return Buffer.concat(out);
}

/** A workbook-shaped zip whose sheet unpacks to `bytes`, claiming `declaredSize`. */
export async function zipBomb(bytes: number, declaredSize: number): Promise<Buffer> {
  const workbookXml = Buffer.from('<workbook/>');
  return zip([
    { name: '[Content_Types].xml', data: deflateRawSync(Buffer.from('<Types/>')), method: 8, declaredSize: 8 },
    { name: 'xl/workbook.xml', data: workbookXml, method: 0, declaredSize: workbookXml.length },
    { name: 'xl/worksheets/sheet1.xml', data: await deflatedZeros(bytes), method: 8, declaredSize },
  ]);
}
