import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { sendJobs } from '../../../db/schema';
import { type PreparedJobMessage, prepareJobMessage } from '../mime';
import type { ResumeStorage } from '../resume-storage';

/**
 * Prepared messages per job and sending address (MIME-once, ADR 008): the PDF is read and base64-encoded the
 * first time a job sends, then every company of the job reuses it. A small LRU bounds the memory.
 */
export class JobMessageCache {
  private readonly entries = new Map<string, Promise<PreparedJobMessage>>();

  constructor(
    private readonly db: Database,
    private readonly storage: ResumeStorage,
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
    loading.catch(() => this.entries.delete(key));
    this.entries.set(key, loading);
    while (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
    return loading;
  }

  private async load(jobId: string, from: string): Promise<PreparedJobMessage> {
    const [job] = await this.db
      .select({ subject: sendJobs.subject, content: sendJobs.content, resumePath: sendJobs.resumePath, resumeName: sendJobs.resumeName })
      .from(sendJobs)
      .where(eq(sendJobs.id, jobId));
    if (!job) throw new Error(`send job ${jobId} not found`);
    const pdf = await this.storage.get(job.resumePath);
    return prepareJobMessage({ from, subject: job.subject, content: job.content, resumeName: job.resumeName, pdf });
  }

  clear(): void {
    this.entries.clear();
  }
}
