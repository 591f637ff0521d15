import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';

/**
 * Where uploaded résumés live (the spec's "resumes" bucket). Embedded mode keeps them on local disk under
 * `<dataDir>/resumes`; a production deployment with several servers can put an object store behind the same
 * interface. Paths are `<user id>/<sanitised name>-<timestamp>.pdf` and never overwrite (spec §7 Storage).
 */
export interface ResumeStorage {
  /** Stores new bytes; fails if something already lives at `path`. */
  put(path: string, bytes: Buffer): Promise<void>;
  get(path: string): Promise<Buffer>;
  delete(path: string): Promise<void>;
}

export class ResumeMissingError extends Error {
  constructor(readonly path: string) {
    super(`résumé not found: ${path}`);
    this.name = 'ResumeMissingError';
  }
}

export function localResumeStorage(root: string): ResumeStorage {
  const base = resolve(root);
  // Paths come from our own naming, but a path that climbs out of the folder is refused all the same.
  const locate = (path: string) => {
    const full = resolve(base, path);
    if (!full.startsWith(base + sep)) throw new Error(`résumé path escapes the storage folder: ${path}`);
    return full;
  };
  return {
    async put(path, bytes) {
      const full = locate(path);
      await mkdir(dirname(full), { recursive: true });
      await writeFile(full, bytes, { flag: 'wx' });
    },
    async get(path) {
      try {
        return await readFile(locate(path));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new ResumeMissingError(path);
        throw error;
      }
    },
    async delete(path) {
      await rm(locate(path), { force: true });
    },
  };
}

/** The storage of this deployment: local disk under the data folder. */
export function createResumeStorage(dataDir: string): ResumeStorage {
  return localResumeStorage(join(dataDir, 'resumes'));
}

/**
 * A file name safe for any storage key: letters (Arabic included) and digits kept, everything else folded to
 * '-', the extension dropped (".pdf" is added back), at most 80 characters.
 */
export function sanitizeResumeName(originalName: string): string {
  const base = originalName
    .normalize('NFC')
    .replace(/\.[^.]*$/, '')
    .replace(/[^\p{L}\p{N}_-]+/gu, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);
  return base || 'resume';
}

export function resumePath(userId: string, originalName: string, at: Date = new Date()): string {
  return `${userId}/${sanitizeResumeName(originalName)}-${at.getTime()}.pdf`;
}

/**
 * A PDF by content, not by name: it starts with `%PDF-` (PDF 32000 §7.5.2, within the first 1 KB as readers
 * allow) and has `%%EOF` near its end (§7.5.5, trailing whitespace and junk up to 1 KB tolerated).
 */
export function isPdf(bytes: Buffer): boolean {
  const head = bytes.subarray(0, 1024).indexOf('%PDF-');
  if (head < 0) return false;
  const tail = bytes.subarray(Math.max(0, bytes.length - 1024));
  return tail.lastIndexOf('%%EOF') >= 0 && bytes.length > head + 5;
}
