import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/client';
import { sendJobs } from '../../../db/schema';
import { type PreparedAttachment, type PreparedJobMessage, type PreparedJobText, prepareAttachment, prepareJobText } from '../mime';
import type { CompiledTemplate } from '../personalize';
import { ResumeMissingError, type ResumeStorage } from '../resume-storage';

/** What a job's messages need of its row. */
export interface JobRow {
  profileId: string;
  subject: string;
  content: string;
  resumePath: string;
  resumeName: string;
  applicantName: string | null;
  applicantNameEn: string | null;
  applicantPhone: string | null;
}

/** Reads one send job's row (undefined: no such job). */
export type JobReader = (jobId: string) => Promise<JobRow | undefined>;

export function databaseJobReader(db: Database): JobReader {
  return async (jobId) => {
    const [job] = await db
      .select({
        profileId: sendJobs.profileId,
        subject: sendJobs.subject,
        content: sendJobs.content,
        resumePath: sendJobs.resumePath,
        resumeName: sendJobs.resumeName,
        applicantName: sendJobs.applicantName,
        applicantNameEn: sendJobs.applicantNameEn,
        applicantPhone: sendJobs.applicantPhone,
      })
      .from(sendJobs)
      .where(eq(sendJobs.id, jobId));
    return job;
  };
}

/** A job's text with the résumé it attaches. */
interface JobEntry {
  text: PreparedJobText;
  /** The file and the name it carries make the attachment part: jobs attaching one file under one name share it. */
  attachmentKey: string;
  jobId: string;
  profileId: string;
  resumePath: string;
  resumeName: string;
}

interface Entry {
  value: Promise<JobEntry | PreparedAttachment>;
  /** Counted once the value is in: a load under way weighs nothing yet. */
  bytes: number;
  settled: boolean;
}

/** What a known-missing résumé, or a job's text beyond its strings, is counted as. */
const ENTRY_OVERHEAD_BYTES = 1024;

/**
 * Prepared messages for every mailbox a worker sends for (MIME-once, ADR 008), within a budget of bytes.
 *
 * The résumé is the costly part: read from the database (one query) and base64-encoded once per file, then
 * shared by every job that attaches it and every company of those jobs. A job's own text (subject, bodies,
 * sender) is a small entry of its own naming the résumé it attaches. Both kinds live in one least-recently-used
 * order and count against `maxBytes`: an encoded résumé by its size, a job's text by an estimate of its strings.
 * Past the budget the entries used longest ago go; a file bigger than the whole budget is used and not kept.
 * Loads under way count once they finish (at most one per mailbox running), so the budget bounds what is kept.
 *
 * A résumé found missing stays known as missing: its bytes cannot come back (a path is never reused), so the
 * job's other deliveries fail at once and the warning is logged once, not once per company.
 */
export class JobMessageCache {
  /** Insertion order is recency: the first entry was used longest ago. */
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  constructor(
    private readonly readJob: JobReader,
    private readonly storage: ResumeStorage,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
    readonly maxBytes: number,
  ) {}

  /** Bytes the kept entries count for (never above `maxBytes` once the loads under way are in). */
  get size(): number {
    return this.bytes;
  }

  async get(jobId: string, from: string): Promise<PreparedJobMessage> {
    const job = (await this.remember(`job\u0000${jobId}\u0000${from}`, () => this.loadJob(jobId, from), jobBytes)) as JobEntry;
    const attachment = (await this.remember(
      job.attachmentKey,
      () => this.loadAttachment(job),
      (a) => (a as PreparedAttachment).tail.length,
    )) as PreparedAttachment;
    return { ...job.text, ...attachment };
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  private remember(
    key: string,
    load: () => Promise<JobEntry | PreparedAttachment>,
    weigh: (value: JobEntry | PreparedAttachment) => number,
  ): Promise<JobEntry | PreparedAttachment> {
    const hit = this.entries.get(key);
    if (hit) {
      // Re-inserting moves the entry to the young end of the Map's order.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.value;
    }
    const entry: Entry = { value: load(), bytes: 0, settled: false };
    this.entries.set(key, entry);
    const kept = () => this.entries.get(key) === entry;
    entry.value.then(
      (value) => {
        entry.settled = true;
        if (!kept()) return;
        entry.bytes = weigh(value);
        this.bytes += entry.bytes;
        this.evict();
      },
      (error: unknown) => {
        entry.settled = true;
        if (!kept()) return;
        if (error instanceof ResumeMissingError) {
          entry.bytes = ENTRY_OVERHEAD_BYTES;
          this.bytes += entry.bytes;
          this.evict();
        } else {
          // Anything else (the database away) is asked again next time.
          this.entries.delete(key);
        }
      },
    );
    return entry.value;
  }

  /** Drops the entries used longest ago until the kept ones fit; loads under way stay. */
  private evict(): void {
    if (this.bytes <= this.maxBytes) return;
    for (const [key, entry] of this.entries) {
      if (!entry.settled) continue;
      this.entries.delete(key);
      this.bytes -= entry.bytes;
      if (this.bytes <= this.maxBytes) return;
    }
  }

  private async loadJob(jobId: string, from: string): Promise<JobEntry> {
    const job = await this.readJob(jobId);
    if (!job) throw new Error(`send job ${jobId} not found`);
    return {
      text: prepareJobText({
        from,
        applicant: { name: job.applicantName, nameEn: job.applicantNameEn, phone: job.applicantPhone },
        subject: job.subject,
        content: job.content,
      }),
      attachmentKey: `resume\u0000${job.resumePath}\u0000${job.resumeName}`,
      jobId,
      profileId: job.profileId,
      resumePath: job.resumePath,
      resumeName: job.resumeName,
    };
  }

  /** The résumé of the first job that asks for it (the warning about a missing one names that job). */
  private async loadAttachment({ jobId, profileId, resumePath: path, resumeName }: JobEntry): Promise<PreparedAttachment> {
    const pdf = await this.storage.get(path).catch((error: unknown) => {
      if (error instanceof ResumeMissingError) {
        // The deliveries fail with their credit returned (the user sees why); the operator needs to hear of it.
        this.log.warn(
          { jobId, profileId, path },
          'sending: the résumé this job attaches is not stored; its deliveries fail and their credit is returned',
        );
      }
      throw error;
    });
    return prepareAttachment(pdf, resumeName);
  }
}

/** A job's text: its strings (two bytes a character, as JavaScript may keep Arabic) and the entry around them. */
function jobBytes(value: JobEntry | PreparedAttachment): number {
  const { text } = value as JobEntry;
  const characters = [text.subject, text.html, text.text].reduce((n, template) => n + templateLength(template), 0) + text.from.length;
  return 2 * characters + ENTRY_OVERHEAD_BYTES;
}

const templateLength = (template: CompiledTemplate): number =>
  template.reduce((n, piece) => n + (typeof piece === 'string' ? piece.length : piece.field.length), 0);
