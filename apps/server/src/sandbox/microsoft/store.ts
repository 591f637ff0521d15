import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SandboxStore } from '../google/store';
import type { AccountType } from './tokens';

/**
 * The Microsoft sandbox's memory. The Sent folders, revocations, accounts offered on the consent page and
 * single-use codes behave exactly as the Google sandbox's, so its store keeps them (and writes them under
 * `<dataDir>/sandbox/microsoft/` in embedded mode). Drafts and upload sessions are in memory only: a restart
 * loses a half-made message, and the sender makes it again.
 */

export interface DraftAttachment {
  name: string;
  contentType: string;
  bytes: Buffer;
}

export interface Draft {
  id: string;
  mailbox: string;
  /** The draft as received: decoded MIME, or a JSON message already composed to MIME. */
  mime: Buffer;
  attachments: DraftAttachment[];
}

export interface UploadSession {
  token: string;
  draftId: string;
  mailbox: string;
  name: string;
  contentType: string;
  size: number;
  received: number;
  bytes: Buffer;
  expiresAt: number;
}

/** Graph message ids are long base64 strings; these only look the part. */
const newMessageId = () => `AAMkADsbx${randomBytes(24).toString('base64url')}=`;

export class MicrosoftStore extends SandboxStore {
  private readonly accountTypes = new Map<string, AccountType>();
  private readonly drafts = new Map<string, Draft>();
  private readonly sessions = new Map<string, UploadSession>();

  constructor(private readonly storeDir: string | undefined) {
    super(storeDir);
    const file = storeDir ? join(storeDir, 'account-types.json') : undefined;
    if (file && existsSync(file)) {
      for (const [mailbox, type] of Object.entries(JSON.parse(readFileSync(file, 'utf8')) as Record<string, AccountType>)) {
        this.accountTypes.set(mailbox, type);
      }
    }
  }

  accountType(mailbox: string): AccountType | undefined {
    return this.accountTypes.get(mailbox);
  }

  /** The kind of account an address signed in with; an address is one kind of account for good. */
  rememberAccountType(mailbox: string, type: AccountType): void {
    this.rememberAccount(mailbox);
    if (this.accountTypes.get(mailbox) === type) return;
    this.accountTypes.set(mailbox, type);
    if (this.storeDir) writeFileSync(join(this.storeDir, 'account-types.json'), JSON.stringify(Object.fromEntries(this.accountTypes)));
  }

  addDraft(mailbox: string, mime: Buffer): Draft {
    const draft: Draft = { id: newMessageId(), mailbox, mime, attachments: [] };
    this.drafts.set(draft.id, draft);
    return draft;
  }

  findDraft(mailbox: string, id: string): Draft | undefined {
    const draft = this.drafts.get(id);
    return draft?.mailbox === mailbox ? draft : undefined;
  }

  removeDraft(id: string): void {
    this.drafts.delete(id);
    for (const [token, session] of this.sessions) if (session.draftId === id) this.sessions.delete(token);
  }

  openSession(draft: Draft, item: { name: string; contentType: string; size: number }, ttlMs: number): UploadSession {
    const session: UploadSession = {
      token: randomBytes(24).toString('base64url'),
      draftId: draft.id,
      mailbox: draft.mailbox,
      ...item,
      received: 0,
      bytes: Buffer.alloc(item.size),
      expiresAt: Date.now() + ttlMs,
    };
    this.sessions.set(session.token, session);
    return session;
  }

  session(token: string): UploadSession | undefined {
    const session = this.sessions.get(token);
    if (session && session.expiresAt < Date.now()) {
      this.sessions.delete(token);
      return undefined;
    }
    return session;
  }

  closeSession(token: string): void {
    this.sessions.delete(token);
  }
}
