import { closeSync, createReadStream, existsSync, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createGunzip } from 'node:zlib';

/**
 * A new embedded database took PostgreSQL's initdb, which PGlite runs in WebAssembly, then every migration:
 * about 8 processor-seconds and 6 of the 10 seconds a first start took. The build does both once
 * (build-new-database.mjs) and keeps the result beside the bundle, whose migrations it holds; a data folder
 * without a database starts from a copy of it in about a second, and the start's migration step finds nothing
 * to do. The file is named after the PGlite version that made it, so a build made with another version is never
 * loaded: the start then runs initdb and the migrations as before. Run from the sources (tests, tsx) there is
 * no such file.
 */
export const newDatabaseName = (pgliteVersion: string) => `new-database-pglite-${pgliteVersion}.tar.gz`;

/** The installed PGlite's version, from its package.json (the package does not export that file). */
export function installedPgliteVersion(): string {
  // …/@electric-sql/pglite/dist/index.cjs
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  return (JSON.parse(readFileSync(join(dirname(entry), '..', 'package.json'), 'utf8')) as { version: string }).version;
}

/**
 * Unpacks the build's new database into `dataDir` when the folder holds no database yet (no `PG_VERSION`) and a
 * new database of the installed PGlite version was built; PGlite then opens it as it opens any existing one.
 * True when it unpacked one; false where the folder has a database already (PGlite opens it) or there is no new
 * database for this PGlite version (PGlite runs initdb).
 *
 * Unpacked here, a file at a time as the tarball is read, rather than handed to PGlite as `loadDataDir`: PGlite
 * reads the whole tarball into memory, unzipped (about 40 MB), and then copies every file out of it; freed, those
 * thousand small buffers stayed in the process's memory, and a server's first start rested about 100 MB above a
 * later one (docs/benchmarks.md, "Processes"). `PG_VERSION` is written last, so a start interrupted while it
 * unpacks leaves a folder the next start unpacks again.
 */
export async function unpackNewDatabase(
  dataDir: string,
  { besideBundle = fileURLToPath(new URL('.', import.meta.url)), pgliteVersion = installedPgliteVersion() } = {},
): Promise<boolean> {
  if (existsSync(join(dataDir, 'PG_VERSION'))) return false;
  const file = join(besideBundle, newDatabaseName(pgliteVersion));
  if (!existsSync(file)) return false;
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  let version: Buffer | undefined;
  for await (const entry of tarEntries(createReadStream(file).pipe(createGunzip()))) {
    const path = join(dataDir, ...entry.path);
    if (entry.kind === 'folder') {
      mkdirSync(path, { recursive: true, mode: 0o700 });
    } else if (entry.path.length === 1 && entry.path[0] === 'PG_VERSION') {
      version = Buffer.concat(await entry.read());
    } else {
      const fd = openSync(path, 'w', 0o600);
      try {
        for (const piece of await entry.read()) writeSync(fd, piece);
      } finally {
        closeSync(fd);
      }
    }
  }
  if (!version) throw new Error(`${file} holds no database (no PG_VERSION)`);
  const fd = openSync(join(dataDir, 'PG_VERSION'), 'w', 0o600);
  try {
    writeSync(fd, version);
  } finally {
    closeSync(fd);
  }
  return true;
}

const BLOCK = 512;

interface TarEntry {
  kind: 'file' | 'folder';
  /** The path's parts inside the folder ('..', '.' and empty parts refused). */
  path: string[];
  /** A file's bytes, as the pieces they arrived in (a database file is at most 16 MB: a WAL segment). */
  read(): Promise<Buffer[]>;
}

/**
 * The entries of a tar stream (ustar, as PGlite's dumpDataDir writes it: folders and regular files), one at a
 * time: only the entry being read is in memory. A header whose checksum does not add up, an entry of another
 * kind or a path leading out of the folder stops it with an error.
 */
async function* tarEntries(stream: AsyncIterable<Buffer>): AsyncGenerator<TarEntry> {
  const iterator = stream[Symbol.asyncIterator]();
  let held: Buffer<ArrayBufferLike> = Buffer.alloc(0);
  /**
   * The next `size` bytes of the stream, as pieces (`size` 0: none). Throws when the stream ends first, unless it
   * ends before the first of them and `endAllowed` (between two entries): then none.
   */
  const take = async (size: number, endAllowed = false): Promise<Buffer[]> => {
    const pieces: Buffer[] = [];
    let missing = size;
    while (missing > 0) {
      if (held.length === 0) {
        const next = await iterator.next();
        if (next.done && endAllowed && missing === size) return [];
        if (next.done) throw new Error('the new database tarball ends in the middle of an entry');
        held = next.value;
      }
      const piece = held.subarray(0, missing);
      held = held.subarray(piece.length);
      pieces.push(piece);
      missing -= piece.length;
    }
    return pieces;
  };
  for (;;) {
    const header = Buffer.concat(await take(BLOCK, true));
    // Two blocks of zeros end the archive; a stream that simply ends after the last entry is accepted too.
    if (header.length === 0 || header.every((byte) => byte === 0)) return;
    const field = (start: number, length: number) => {
      const bytes = header.subarray(start, start + length);
      const end = bytes.indexOf(0);
      return bytes.subarray(0, end === -1 ? length : end).toString('utf8');
    };
    const octal = (start: number, length: number) => Number.parseInt(field(start, length).trim() || '0', 8);
    let sum = 0;
    for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : (header[i] as number);
    if (sum !== octal(148, 8)) throw new Error('the new database tarball is damaged (a header checksum does not match)');
    const prefix = field(345, 155);
    const name = `${prefix ? `${prefix}/` : ''}${field(0, 100)}`;
    const path = name.split('/').filter((part) => part !== '');
    if (path.length === 0 || path.some((part) => part === '..' || part === '.')) {
      throw new Error(`the new database tarball names an entry outside its folder: ${name}`);
    }
    const type = String.fromCharCode(header[156] as number);
    const size = octal(124, 12);
    const padding = (BLOCK - (size % BLOCK)) % BLOCK;
    if (type === '5') {
      yield { kind: 'folder', path, read: async () => [] };
      await take(size + padding);
    } else if (type === '0' || type === '\0') {
      let bytes: Promise<Buffer[]> | undefined;
      const read = () => {
        bytes ??= take(size);
        return bytes;
      };
      yield { kind: 'file', path, read };
      // Read past it when the caller did not.
      await read();
      await take(padding);
    } else {
      throw new Error(`the new database tarball holds an entry of a kind PGlite never writes (${type}): ${name}`);
    }
  }
}
