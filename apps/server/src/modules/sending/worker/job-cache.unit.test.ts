import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { ResumeMissingError, type ResumeStorage } from '../resume-storage';
import { JobMessageCache, type JobRow } from './job-cache';

const FROM = 'sender@gmail.com';
const KIB = 1024;

/** Jobs and résumé files held in memory, counting every read of a file. */
function fixtures(files: Record<string, number>, jobs: Record<string, string>) {
  const bytes = new Map(Object.entries(files).map(([path, size]) => [path, Buffer.alloc(size, path)]));
  const reads = new Map<string, number>();
  const storage: ResumeStorage = {
    async get(path) {
      reads.set(path, (reads.get(path) ?? 0) + 1);
      const found = bytes.get(path);
      if (!found) throw new ResumeMissingError(path);
      return found;
    },
  };
  const rows = new Map<string, JobRow>(
    Object.entries(jobs).map(([jobId, path]) => [
      jobId,
      {
        profileId: `profile-of-${path}`,
        subject: 'طلب توظيف لدى {{company_name}}',
        content: '<p>إلى {{company_name}}</p>',
        resumePath: path,
        resumeName: 'cv.pdf',
        applicantName: 'سارة',
        applicantNameEn: 'Sara',
        applicantPhone: null,
      },
    ]),
  );
  const log = { warn: vi.fn() };
  const cache = (maxBytes: number) => new JobMessageCache(async (jobId) => rows.get(jobId), storage, log, maxBytes);
  return { cache, reads: (path: string) => reads.get(path) ?? 0, log };
}

/** The encoded attachment's size for a file of `size` bytes (base64 lines, part headers). */
const encoded = (size: number) => Math.ceil(size / 3) * 4 * (78 / 76) + 400;

describe('the worker’s message cache', () => {
  it('reads a résumé shared by many jobs once, however many jobs and companies ask at once', async () => {
    const jobs = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`job-${i}`, 'user/cv.pdf']));
    const { cache, reads } = fixtures({ 'user/cv.pdf': 200 * KIB }, jobs);
    const messages = cache(10 * 1024 * KIB);
    const prepared = await Promise.all(Object.keys(jobs).flatMap((jobId) => [messages.get(jobId, FROM), messages.get(jobId, FROM)]));
    expect(reads('user/cv.pdf')).toBe(1);
    // One encoded file for all of them.
    expect(new Set(prepared.map((p) => p.tail)).size).toBe(1);
    expect(messages.size).toBeLessThan(encoded(200 * KIB) + 50 * 8 * KIB);
  });

  it('keeps within its bytes, dropping the résumé used longest ago', async () => {
    const { cache, reads } = fixtures({ a: 300 * KIB, b: 300 * KIB, c: 300 * KIB, d: 300 * KIB }, { A: 'a', B: 'b', C: 'c', D: 'd' });
    // Room for three encoded files and the jobs' texts, not four.
    const messages = cache(3 * encoded(300 * KIB) + 64 * KIB);
    for (const job of ['A', 'B', 'C']) await messages.get(job, FROM);
    await messages.get('A', FROM); // A is now the most recently used; B the least
    await messages.get('D', FROM);
    expect(messages.size).toBeLessThanOrEqual(messages.maxBytes);
    for (const job of ['A', 'C', 'D']) await messages.get(job, FROM);
    expect([reads('a'), reads('b'), reads('c'), reads('d')]).toEqual([1, 1, 1, 1]);
    await messages.get('B', FROM);
    expect(reads('b')).toBe(2);
    expect(messages.size).toBeLessThanOrEqual(messages.maxBytes);
  });

  it('counts by size: one large résumé pushes out several small ones', async () => {
    const { cache, reads } = fixtures(
      { small1: 100 * KIB, small2: 100 * KIB, small3: 100 * KIB, large: 600 * KIB },
      {
        S1: 'small1',
        S2: 'small2',
        S3: 'small3',
        L: 'large',
      },
    );
    const messages = cache(encoded(600 * KIB) + encoded(100 * KIB) + 64 * KIB);
    for (const job of ['S1', 'S2', 'S3', 'L']) await messages.get(job, FROM);
    expect(messages.size).toBeLessThanOrEqual(messages.maxBytes);
    for (const job of ['S3', 'L']) await messages.get(job, FROM);
    expect([reads('small3'), reads('large')]).toEqual([1, 1]);
    for (const job of ['S1', 'S2']) await messages.get(job, FROM);
    expect([reads('small1'), reads('small2')]).toEqual([2, 2]);
  });

  it('uses a résumé bigger than its whole budget without keeping it', async () => {
    const { cache, reads } = fixtures({ big: 900 * KIB }, { J: 'big' });
    const messages = cache(512 * KIB);
    const first = await messages.get('J', FROM);
    expect(first.tail.length).toBeGreaterThan(900 * KIB);
    expect(messages.size).toBeLessThanOrEqual(512 * KIB);
    await messages.get('J', FROM);
    expect(reads('big')).toBe(2);
  });

  it('remembers a missing résumé: every job attaching it fails at once, with one warning', async () => {
    const { cache, reads, log } = fixtures({}, { J1: 'gone.pdf', J2: 'gone.pdf' });
    const messages = cache(1024 * KIB);
    for (const job of ['J1', 'J2', 'J1']) await expect(messages.get(job, FROM)).rejects.toBeInstanceOf(ResumeMissingError);
    expect(reads('gone.pdf')).toBe(1);
    expect(log.warn).toHaveBeenCalledTimes(1);
  });

  it('holds its bound under any sequence of jobs, and each message carries its own job’s résumé', async () => {
    const sizes = [40, 90, 150, 260, 400].map((k) => k * KIB);
    const files = Object.fromEntries(sizes.map((size, i) => [`f${i}`, size]));
    // Twelve jobs over five files: several jobs share each file.
    const jobs = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`j${i}`, `f${i % sizes.length}`]));
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 64, max: 1200 }),
        fc.array(fc.integer({ min: 0, max: 11 }), { minLength: 1, maxLength: 60 }),
        async (budgetKib, sequence) => {
          const { cache, reads } = fixtures(files, jobs);
          const messages = cache(budgetKib * KIB);
          let previous: string | undefined;
          for (const index of sequence) {
            const jobId = `j${index}`;
            const path = jobs[jobId] as string;
            const before = reads(path);
            const message = await messages.get(jobId, FROM);
            expect(messages.size).toBeLessThanOrEqual(messages.maxBytes);
            expect(message.tail.length).toBeGreaterThan((files[path] as number) * (4 / 3));
            // The file just used is kept whenever it fits: asked again at once, it is not read again.
            if (previous === path && encoded(files[path] as number) + 16 * KIB < messages.maxBytes) expect(reads(path)).toBe(before);
            previous = path;
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});
