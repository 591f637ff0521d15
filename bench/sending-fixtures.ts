// Shared set-up of the sending benchmarks: a package with its own directory, users with balances, linked
// mailboxes (tokens obtained from the Google sandbox through the real OAuth flow) and an uploaded résumé.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { GoogleEndpoints } from '../apps/server/src/config/providers';
import type { Database } from '../apps/server/src/db/client';
import { packages, profiles, resumeFiles, resumes, user, userGmail } from '../apps/server/src/db/schema';
import type { SecretBox } from '../apps/server/src/lib/secret-box';
import { exchangeCode } from '../apps/server/src/modules/mailbox/providers/gmail/google-oauth';
import { answerConsent } from '../apps/server/test-support/mailbox';

export const BENCH_APP_SECRET = 'bench-secret-that-is-long-enough-for-the-secret-box-0123456789';

/** A PDF-shaped file of `size` bytes: header, random body, trailer. */
export function benchPdf(size: number): Buffer {
  const head = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\nstream\n', 'latin1');
  const tail = Buffer.from('\nendstream\n%%EOF\n', 'latin1');
  return Buffer.concat([head, randomBytes(size - head.length - tail.length), tail]);
}

/** A package of its own with `companies` companies, so the benchmark never depends on the demo directory. */
export async function benchPackage(db: Database, companies: number): Promise<string> {
  const name = `باقة القياس ${randomBytes(3).toString('hex')}`;
  const [row] = await db.insert(packages).values({ name, price: 1, messagesLimit: companies }).returning({ id: packages.id });
  const id = row?.id as string;
  await db.execute(sql`
    insert into companies (name, email, sector, location, package_id)
    select 'شركة القياس ' || lpad(g::text, 6, '0'), 'hr' || g || '.' || ${id.slice(0, 8)} || '@bench.example',
      (array['تقنية المعلومات','المالية','الصحة','التعليم'])[1 + g % 4], (array['الرياض','جدة','الدمام'])[1 + g % 3], ${id}
    from generate_series(1, ${companies}) g`);
  return id;
}

export interface SandboxClient {
  endpoints: GoogleEndpoints;
  clientId: string;
  clientSecret: string;
}

/** Real OAuth against the sandbox: consent, code, tokens — as the app's connect flow gets them. */
async function sandboxTokens(sandbox: SandboxClient, mailbox: string) {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const redirectUri = 'http://localhost:3000/api/mailbox/callback';
  const url = new URL(sandbox.endpoints.authorizeUrl);
  url.search = new URLSearchParams({
    client_id: sandbox.clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'openid email https://www.googleapis.com/auth/gmail.send',
    access_type: 'offline',
    prompt: 'consent',
    state: randomUUID(),
    code_challenge: challenge,
    code_challenge_method: 'S256',
  }).toString();
  const back = new URL(await answerConsent(url.toString(), { email: mailbox }));
  const code = back.searchParams.get('code');
  if (!code) throw new Error(`consent gave no code: ${back}`);
  return exchangeCode(
    sandbox.endpoints,
    { clientId: sandbox.clientId, clientSecret: sandbox.clientSecret },
    { code, redirectUri, codeVerifier: verifier },
  );
}

export interface BenchUser {
  profileId: string;
  mailbox: string;
  resumeId: string;
  accessToken: string;
}

/** `count` users on the package, each with `balance`, a linked mailbox and an uploaded résumé. */
export async function benchUsers(
  db: Database,
  options: {
    count: number;
    packageId: string;
    balance: number;
    pdf: Buffer;
    secretBox: SecretBox;
    sandbox?: SandboxClient;
  },
): Promise<BenchUser[]> {
  const users: BenchUser[] = [];
  for (let i = 0; i < options.count; i++) {
    const id = randomUUID();
    const email = `bench.${id.slice(0, 8)}@sira.example`;
    const mailbox = `bench${i}.${id.slice(0, 6)}@gmail.com`;
    await db.insert(user).values({ id, name: 'Bench', email, emailVerified: true });
    await db
      .insert(profiles)
      .values({ id, email, fullName: 'سارة أحمد', packageId: options.packageId, messagesRemaining: options.balance });
    const tokens = options.sandbox
      ? await sandboxTokens(options.sandbox, mailbox)
      : { accessToken: 'bench-access', refreshToken: 'bench-refresh', expiresAt: new Date(Date.now() + 3600_000), scope: '' };
    await db.insert(userGmail).values({
      profileId: id,
      email: mailbox,
      refreshToken: options.secretBox.seal(tokens.refreshToken ?? 'none'),
      accessToken: options.secretBox.seal(tokens.accessToken),
      tokenExpiry: tokens.expiresAt,
      scopes: tokens.scope,
    });
    const path = `${id}/cv-${Date.now()}.pdf`;
    const [resume] = await db
      .insert(resumes)
      .values({ profileId: id, path, originalName: 'سيرتي الذاتية.pdf', sizeBytes: options.pdf.length })
      .returning({ id: resumes.id });
    await db.insert(resumeFiles).values({ path, bytes: options.pdf });
    users.push({ profileId: id, mailbox, resumeId: resume?.id as string, accessToken: tokens.accessToken });
  }
  return users;
}

export const median = (values: number[]) => {
  const sorted = values.slice().sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};
