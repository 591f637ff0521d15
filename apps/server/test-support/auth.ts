import { eq } from 'drizzle-orm';
import { user } from '../src/db/schema';
import type { TestContext } from './app';

/** The full name every test account registers with: sent mail reads `From: <this name> <mailbox>`. */
export const TEST_APPLICANT_NAME = 'سارة أحمد';

let counter = 0;
/** A unique address per call, so test files never collide on one database. */
export const uniqueEmail = (prefix = 'user') => `${prefix}.${process.pid}.${Date.now()}.${counter++}@sira.example`;

/**
 * Registers through the real endpoint, confirms the e-mail as the link would, signs in, and returns the
 * session cookie header to send with later requests.
 */
export async function signedInUser(ctx: TestContext, options: { email?: string; password?: string; ip?: string } = {}) {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? 'secret-pass-1';
  const remoteAddress = options.ip ?? `10.1.${counter % 250}.${(counter * 7) % 250}`;
  const reg = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    remoteAddress,
    payload: { email, phone: '0512345678', password, confirmPassword: password, fullName: TEST_APPLICANT_NAME, acceptTerms: true },
  });
  if (reg.statusCode !== 201) throw new Error(`register failed: ${reg.statusCode} ${reg.body}`);
  await ctx.db.update(user).set({ emailVerified: true }).where(eq(user.email, email));
  return { email, password, cookie: await signIn(ctx, email, password, remoteAddress) };
}

export async function signIn(ctx: TestContext, email: string, password: string, remoteAddress = '10.9.9.9'): Promise<string> {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/sign-in', remoteAddress, payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return cookieHeader(res.headers['set-cookie']);
}

export function cookieHeader(setCookie: string | string[] | undefined): string {
  return [setCookie ?? []]
    .flat()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** A signed-in administrator (a new account moved to the 'admin' package), with its cookie. */
export async function signedInAdmin(ctx: TestContext) {
  const account = await signedInUser(ctx);
  const { packages, profiles } = await import('../src/db/schema');
  const [adminPackage] = await ctx.db.select({ id: packages.id }).from(packages).where(eq(packages.name, 'admin'));
  if (!adminPackage) throw new Error('admin package missing');
  await ctx.db.update(profiles).set({ packageId: adminPackage.id }).where(eq(profiles.email, account.email));
  return account;
}
