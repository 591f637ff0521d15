import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Password hashing: scrypt, written in better-auth's own format (`<salt hex>:<key hex>`, N 16384, r 16, p 1,
 * a 64-byte key), so every hash better-auth wrote verifies here and every hash written here verifies with
 * better-auth's code.
 *
 * An app may be built with a lower cost: the test apps are (ADR 016), as Django's and Rails' test set-ups
 * lower their hashers' cost, because a full-cost hash takes ≈ 140 ms of processor time and the suites
 * register about a thousand accounts. A hash at another cost names its parameters
 * (`scrypt:<N>:<r>:<p>:<salt hex>:<key hex>`), so it is never read at the full cost's parameters, and every
 * hash verifies whatever cost the verifying app was built with. A production app refuses any cost but the
 * full one (app.ts).
 */

export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/** better-auth's parameters: what a hash in its two-part format was made with. */
const BETTER_AUTH_COST: Readonly<ScryptCost> = { N: 16384, r: 16, p: 1 };

/** The only cost a production app hashes with. */
export const PASSWORD_COST: Readonly<ScryptCost> = BETTER_AUTH_COST;

const KEY_BYTES = 64;

const sameCost = (a: ScryptCost, b: ScryptCost) => a.N === b.N && a.r === b.r && a.p === b.p;
export const isFullCost = (cost: ScryptCost) => sameCost(cost, PASSWORD_COST);

function deriveKey(password: string, salt: string, cost: ScryptCost): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // NFKC as better-auth normalises: the same password typed on another keyboard hashes the same.
    scrypt(password.normalize('NFKC'), salt, KEY_BYTES, { ...cost, maxmem: 256 * cost.N * cost.r }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(password: string, cost: ScryptCost = PASSWORD_COST): Promise<string> {
  const salt = randomBytes(16).toString('hex');
  const key = (await deriveKey(password, salt, cost)).toString('hex');
  return sameCost(cost, BETTER_AUTH_COST) ? `${salt}:${key}` : `scrypt:${cost.N}:${cost.r}:${cost.p}:${salt}:${key}`;
}

/** A stored hash's salt, key and cost; undefined when it is in neither format. */
function parseHash(hash: string): { salt: string; key: Buffer; cost: ScryptCost } | undefined {
  const parts = hash.split(':');
  if (parts.length === 2) {
    const [salt, key] = parts as [string, string];
    return salt && key ? { salt, key: Buffer.from(key, 'hex'), cost: BETTER_AUTH_COST } : undefined;
  }
  if (parts.length === 6 && parts[0] === 'scrypt') {
    const [, n, r, p, salt, key] = parts as [string, string, string, string, string, string];
    const cost = { N: Number(n), r: Number(r), p: Number(p) };
    const valid =
      Number.isSafeInteger(cost.N) &&
      cost.N > 1 &&
      (cost.N & (cost.N - 1)) === 0 &&
      [cost.r, cost.p].every((v) => Number.isSafeInteger(v) && v > 0);
    if (!valid || !salt || !key) return undefined;
    return { salt, key: Buffer.from(key, 'hex'), cost };
  }
  return undefined;
}

export async function verifyPassword({ hash, password }: { hash: string; password: string }): Promise<boolean> {
  const stored = parseHash(hash);
  // A damaged hash matches no password; it must not throw a sign-in into a 500.
  if (!stored || stored.key.length !== KEY_BYTES) return false;
  return timingSafeEqual(await deriveKey(password, stored.salt, stored.cost), stored.key);
}

/** The hasher better-auth is given (emailAndPassword.password). */
export function passwordHasher(cost: ScryptCost = PASSWORD_COST) {
  return {
    hash: (password: string) => hashPassword(password, cost),
    verify: verifyPassword,
  };
}
