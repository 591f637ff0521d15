import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/client';
import { sendJobs } from '../../../db/schema';
import { type PreparedJobMessage, prepareJobMessage } from '../mime';
import { ResumeMissingError, type ResumeStorage } from '../resume-storage';

/**
 * Prepared messages per job and sending address (MIME-once, ADR 008): the PDF is read (one query) and
 * base64-encoded the first time a job sends, then every company of the job reuses it. A small LRU bounds the
 * memory. A résumé found missing stays known as missing: its bytes cannot come back (a path is never reused),
 * so the job's other deliveries fail at once and the warning is logged once, not once per company.
 */
export class JobMessageCache {
  private readonly entries = new Map<string, Promise<PreparedJobMessage>>();

  constructor(
    private readonly db: Database,
    private readonly storage: ResumeStorage,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
    private readonly capacity = 32,
  ) {}

  get(jobId: string, from: string): Promise<PreparedJobMessage> {
    const key = `${jobId}\u0000${from}`;
    const hit = this.entries.get(key);
    if (hit) {
      // Re-inserting moves the entry to the young end of the Map's order.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const loading = this.load(jobId, from);
    loading.catch((error: unknown) => {
      if (!(error instanceof ResumeMissingError)) this.entries.delete(key);
    });
    this.entries.set(key, loading);
    while (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
    return loading;
  }

  private async load(jobId: string, from: string): Promise<PreparedJobMessage> {
    const [job] = await this.db
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
    if (!job) throw new Error(`send job ${jobId} not found`);
    const pdf = await this.storage.get(job.resumePath).catch((error: unknown) => {
      if (error instanceof ResumeMissingError) {
        // The deliveries fail with their credit returned (the user sees why); the operator needs to hear of it.
        this.log.warn(
          { jobId, profileId: job.profileId, path: job.resumePath },
          'sending: the résumé this job attaches is not stored; its deliveries fail and their credit is returned',
        );
      }
      throw error;
    });
    return prepareJobMessage({
      from,
      applicant: { name: job.applicantName, nameEn: job.applicantNameEn, phone: job.applicantPhone },
      subject: job.subject,
      content: job.content,
      resumeName: job.resumeName,
      pdf,
    });
  }

  clear(): void {
    this.entries.clear();
  }
}
