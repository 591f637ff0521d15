import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { resumeFiles } from '../../db/schema';

/**
 * Where uploaded résumés live (the spec's "resumes" bucket): the `resume_files` table, so every server and worker
 * host reads the same bytes and a database backup holds them (ADR 001). They are written
 * with their `resumes` row in one transaction (uploadResume) and deleted with it (pruneResumes); this interface
 * is the read the worker does once per job, kept as an interface so tests can make that read fail.
 * Paths are `<user id>/<sanitised name>-<timestamp>.pdf` and never overwrite (spec §7 Storage).
 */
export interface ResumeStorage {
  /** The bytes stored under `path`; ResumeMissingError when there are none. */
  get(path: string): Promise<Buffer>;
}

export class ResumeMissingError extends Error {
  constructor(readonly path: string) {
    super(`résumé not found: ${path}`);
    this.name = 'ResumeMissingError';
  }
}

/** The deployment's storage: one primary-key lookup per read. */
export function databaseResumeStorage(db: Database): ResumeStorage {
  return {
    async get(path) {
      const [row] = await db.select({ bytes: resumeFiles.bytes }).from(resumeFiles).where(eq(resumeFiles.path, path));
      if (!row) throw new ResumeMissingError(path);
      return row.bytes;
    },
  };
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
