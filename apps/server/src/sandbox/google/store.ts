import { randomBytes } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { header, readHeaders } from './mime';

/**
 * The sandbox's memory: the outbox (each mailbox's Sent folder), revoked grants, the accounts a person has
 * used on the consent page, and single-use codes. In tests it lives in memory; in embedded mode it is also
 * written under `<dataDir>/sandbox/google/` so a restart keeps the Sent folders and the revocations.
 */

export interface SentMessage {
  id: string;
  threadId: string;
  mailbox: string;
  receivedAt: Date;
  size: number;
  /** The whole RFC 5322 message (or only its header block when bodies are not kept). */
  readonly raw: Buffer;
  readonly to: string;
  readonly subject: string;
}

/** Parses the header block the first time `to`/`subject` is read, so sending stays cheap. */
function sentMessage(meta: { id: string; mailbox: string; receivedAt: Date; size: number }, loadRaw: () => Buffer): SentMessage {
  let raw: Buffer | undefined;
  let headers: { to: string; subject: string } | undefined;
  const readRaw = () => {
    raw ??= loadRaw();
    return raw;
  };
  const readParsed = () => {
    if (!headers) {
      const h = readHeaders(readRaw());
      headers = { to: header(h, 'to') ?? '', subject: header(h, 'subject') ?? '' };
    }
    return headers;
  };
  return {
    ...meta,
    threadId: meta.id,
    get raw() {
      return readRaw();
    },
    get to() {
      return readParsed().to;
    },
    get subject() {
      return readParsed().subject;
    },
  };
}

/** Gmail message ids are 16 hex digits. */
const newMessageId = () => randomBytes(8).toString('hex');

interface Revocations {
  grants: string[];
  /** mailbox → ms: grants given at or before this time are revoked (revokeAll). */
  before: Record<string, number>;
}

export class SandboxStore {
  private readonly messages: SentMessage[] = [];
  private readonly revokedGrants = new Set<string>();
  private readonly revokedBefore = new Map<string, number>();
  private readonly accounts = new Set<string>();
  private readonly usedCodes = new Map<string, number>();

  constructor(private readonly dir: string | undefined) {
    if (!dir) return;
    mkdirSync(join(dir, 'messages'), { recursive: true });
    this.load(dir);
  }

  private load(dir: string) {
    const revocations = join(dir, 'revocations.json');
    if (existsSync(revocations)) {
      const stored = JSON.parse(readFileSync(revocations, 'utf8')) as Revocations;
      for (const g of stored.grants) this.revokedGrants.add(g);
      for (const [mailbox, at] of Object.entries(stored.before)) this.revokedBefore.set(mailbox, at);
    }
    const accounts = join(dir, 'accounts.json');
    if (existsSync(accounts)) for (const a of JSON.parse(readFileSync(accounts, 'utf8')) as string[]) this.accounts.add(a);
    const index = join(dir, 'messages.jsonl');
    if (!existsSync(index)) return;
    for (const line of readFileSync(index, 'utf8').split('\n')) {
      if (!line.trim()) continue;
      const meta = JSON.parse(line) as { id: string; mailbox: string; receivedAt: string; size: number };
      const file = join(dir, 'messages', `${meta.id}.eml`);
      this.messages.push(sentMessage({ ...meta, receivedAt: new Date(meta.receivedAt) }, () => readFileSync(file)));
    }
  }

  /**
   * `raw` may be a loader, so a message received as base64 is decoded only when someone reads it. `size` is
   * the message's full size when only its header block is kept.
   */
  addMessage(mailbox: string, raw: Buffer | (() => Buffer), size: number): SentMessage {
    const meta = { id: newMessageId(), mailbox, receivedAt: new Date(), size };
    const message = sentMessage(meta, typeof raw === 'function' ? raw : () => raw);
    this.messages.push(message);
    if (this.dir) {
      const dir = this.dir;
      // The index line is written after the file, so a crash never indexes a missing message.
      void writeFile(join(dir, 'messages', `${meta.id}.eml`), message.raw)
        .then(() => appendFileSync(join(dir, 'messages.jsonl'), `${JSON.stringify(meta)}\n`))
        .catch(() => undefined);
    }
    return message;
  }

  listMessages(mailbox?: string): SentMessage[] {
    return mailbox === undefined ? [...this.messages] : this.messages.filter((m) => m.mailbox === mailbox);
  }

  findMessage(mailbox: string, id: string): SentMessage | undefined {
    return this.messages.find((m) => m.mailbox === mailbox && m.id === id);
  }

  mailboxes(): Array<{ mailbox: string; count: number }> {
    const counts = new Map<string, number>();
    for (const account of this.accounts) counts.set(account, 0);
    for (const m of this.messages) counts.set(m.mailbox, (counts.get(m.mailbox) ?? 0) + 1);
    return [...counts].map(([mailbox, count]) => ({ mailbox, count })).sort((a, b) => a.mailbox.localeCompare(b.mailbox));
  }

  clearMessages(): void {
    this.messages.length = 0;
  }

  /** Accounts offered on the consent page, as Google offers the accounts signed in on the browser. */
  knownAccounts(): string[] {
    return [...this.accounts].sort();
  }

  rememberAccount(email: string): void {
    if (this.accounts.has(email)) return;
    this.accounts.add(email);
    if (this.dir) writeFileSync(join(this.dir, 'accounts.json'), JSON.stringify([...this.accounts]));
  }

  revokeGrant(grantId: string): void {
    this.revokedGrants.add(grantId);
    this.saveRevocations();
  }

  /** Every grant of this mailbox given until now stops working (a password change, a revoke in Google's UI). */
  revokeAll(mailbox: string): void {
    this.revokedBefore.set(mailbox, Date.now());
    this.saveRevocations();
  }

  /** A grant time strictly after any mailbox-wide revocation, so a consent given right after one counts. */
  grantTime(mailbox: string): number {
    return Math.max(Date.now(), (this.revokedBefore.get(mailbox) ?? 0) + 1);
  }

  isRevoked(grantId: string, mailbox: string, grantedAt: number): boolean {
    return this.revokedGrants.has(grantId) || grantedAt <= (this.revokedBefore.get(mailbox) ?? -1);
  }

  /** Marks a code as used; false if it was used before (codes are single-use, RFC 6749 §4.1.2). */
  useCode(nonce: string, expiresAt: number): boolean {
    const now = Date.now();
    for (const [n, exp] of this.usedCodes) if (exp < now) this.usedCodes.delete(n);
    if (this.usedCodes.has(nonce)) return false;
    this.usedCodes.set(nonce, expiresAt);
    return true;
  }

  private saveRevocations() {
    if (!this.dir) return;
    const data: Revocations = { grants: [...this.revokedGrants], before: Object.fromEntries(this.revokedBefore) };
    writeFileSync(join(this.dir, 'revocations.json'), JSON.stringify(data));
  }
}
