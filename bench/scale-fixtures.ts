// Set-up of `npm run bench:scale`: thousands of users, each with a linked mailbox, a résumé of its own and a
// send job, written in bulk (the product's own scheduling takes a transaction per user: minutes at this size),
// and a Google sandbox in this process whose tokens are signed here (its tokens are stateless, tokens.ts).
import { randomBytes, randomUUID } from 'node:crypto';
import { GMAIL_SEND_SCOPE } from '@sira/shared';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client';
import { profiles, resumeFiles, resumes, user, userGmail } from '../apps/server/src/db/schema';
import type { SecretBox } from '../apps/server/src/lib/secret-box';
import { type GoogleSandbox, startGoogleSandbox } from '../apps/server/src/sandbox/google';
import { signToken } from '../apps/server/src/sandbox/google/tokens';

export interface InProcessSandbox extends GoogleSandbox {
  /** An access and a refresh token of the sandbox for `mailbox`, as its token endpoint would give them. */
  tokensFor(mailbox: string, expiresAt: number): { accessToken: string; refreshToken: string };
}

/** The Google sandbox on a loopback port of this process, keeping only each message's headers. */
export async function inProcessSandbox(): Promise<InProcessSandbox> {
  const secret = randomBytes(32).toString('base64url');
  const sandbox = await startGoogleSandbox({ keepBodies: false, secret });
  return {
    ...sandbox,
    tokensFor(mailbox, expiresAt) {
      const grant = { c: sandbox.clientId, e: mailbox, s: GMAIL_SEND_SCOPE, g: randomBytes(9).toString('base64url'), gi: Date.now() };
      return {
        accessToken: signToken(secret, { k: 'access', ...grant, x: expiresAt }),
        refreshToken: signToken(secret, { k: 'refresh', ...grant }),
      };
    },
  };
}

const CHUNK = 1_000;

/**
 * `count` users of the package, each with a linked mailbox (tokens valid for `tokenHours`), a résumé of its
 * own — `pdf`'s bytes stored under a path of its own, as every upload is — and one send job to each of the
 * package's companies. Returns the mailboxes.
 */
export async function scaleUsers(
  db: Database,
  options: { count: number; packageId: string; pdf: Buffer; secretBox: SecretBox; sandbox: InProcessSandbox; tokenHours: number },
): Promise<string[]> {
  const expiresAt = Date.now() + options.tokenHours * 3600_000;
  const mailboxes: string[] = [];
  let firstId = '';
  for (let from = 0; from < options.count; from += CHUNK) {
    const rows = Array.from({ length: Math.min(CHUNK, options.count - from) }, (_, i) => {
      const id = randomUUID();
      const mailbox = `scale${from + i}.${id.slice(0, 6)}@gmail.com`;
      mailboxes.push(mailbox);
      firstId ||= id;
      return { id, email: `scale.${id.slice(0, 13)}@sira.example`, mailbox, path: `${id}/cv-${Date.now()}.pdf` };
    });
    await db.insert(user).values(rows.map((r) => ({ id: r.id, name: 'Scale', email: r.email, emailVerified: true })));
    await db.insert(profiles).values(rows.map((r) => ({ id: r.id, email: r.email, packageId: options.packageId })));
    await db.insert(userGmail).values(
      rows.map((r) => {
        const tokens = options.sandbox.tokensFor(r.mailbox, expiresAt);
        return {
          profileId: r.id,
          email: r.mailbox,
          refreshToken: options.secretBox.seal(tokens.refreshToken),
          accessToken: options.secretBox.seal(tokens.accessToken),
          tokenExpiry: new Date(expiresAt),
          scopes: GMAIL_SEND_SCOPE,
        };
      }),
    );
    await db
      .insert(resumes)
      .values(rows.map((r) => ({ profileId: r.id, path: r.path, originalName: 'سيرتي الذاتية.pdf', sizeBytes: options.pdf.length })));
  }
  // Gigabytes written at once would set autovacuum going on this scratch database for minutes, on a machine the
  // benchmark shares, and hold up its drop.
  await db.execute(sql`alter table resume_files set (autovacuum_enabled = false, toast.autovacuum_enabled = false)`);
  // The bytes once from here (the first user's), then copied row by row inside PostgreSQL: each résumé is stored
  // on its own, as every upload is.
  const [first] = await db.select({ path: resumes.path }).from(resumes).where(eq(resumes.profileId, firstId));
  const seedPath = first?.path as string;
  await db.insert(resumeFiles).values({ path: seedPath, bytes: options.pdf });
  await db.execute(sql`
    insert into resume_files (path, bytes)
    select r.path, (select f.bytes from resume_files f where f.path = ${seedPath})
    from resumes r join profiles p on p.id = r.profile_id
    where p.package_id = ${options.packageId} and r.path <> ${seedPath}`);
  await db.execute(sql`
    insert into send_jobs (profile_id, subject, content, resume_path, resume_name, send_window, total_emails_intended)
    select r.profile_id, 'طلب توظيف لدى {{company_name}}',
      '<p>السادة في {{company_name}} ({{sector}} — {{location}})، أرفقت سيرتي الذاتية.</p>', r.path, 'cv.pdf', 'any_time',
      (select count(*) from companies c where c.package_id = ${options.packageId})
    from resumes r join profiles p on p.id = r.profile_id
    where p.package_id = ${options.packageId}`);
  await db.execute(sql`
    insert into deliveries (job_id, profile_id, company_id, recipient_email, company_name, sector, location)
    select j.id, j.profile_id, c.id, c.email, c.name, c.sector, c.location
    from send_jobs j join profiles p on p.id = j.profile_id join companies c on c.package_id = p.package_id
    where p.package_id = ${options.packageId}`);
  await db.execute(sql`analyze`);
  return mailboxes;
}

/**
 * The steady state of a deployment that has been sending for a while: each mailbox of the package sent its last
 * message (its job's first delivery, marked sent) at a random moment of the last `seconds`, so that pacing makes
 * them fall due evenly over the next `seconds` instead of all at once.
 */
export async function staggerLastSends(db: Database, packageId: string, seconds: number): Promise<void> {
  await db.execute(sql`
    with first as (
      select distinct on (d.job_id) d.id, g.email
      from deliveries d join profiles p on p.id = d.profile_id join user_gmail g on g.profile_id = d.profile_id
      where p.package_id = ${packageId}
      order by d.job_id, d.company_name
    )
    update deliveries d
    set status = 'sent', sent_at = now() - random() * make_interval(secs => ${seconds}), sender_email = first.email,
      provider_message_id = 'earlier', attempts = 1, updated_at = now()
    from first where d.id = first.id`);
  await db.execute(sql`
    update send_jobs j set status = 'processing', sent_count = 1
    from profiles p where p.id = j.profile_id and p.package_id = ${packageId}`);
}
