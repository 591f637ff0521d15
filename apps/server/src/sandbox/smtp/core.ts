import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { Socket } from 'node:net';
import { join } from 'node:path';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';
import { header, parseMessage, readHeaders } from '../google/mime';
import type { SandboxCertificate } from './certificate';

/**
 * The SMTP sandbox (integrations.md §D5): a stand-in for Yahoo, Zoho, iCloud and any other provider a user
 * links by SMTP. It logs in with AUTH PLAIN or LOGIN against the accounts it knows — an address is created the
 * first time it logs in, with the password it gave, or beforehand with a password a test or a person sets —
 * over implicit TLS (as port 465) and STARTTLS (as port 587), with a certificate made at start. It keeps what
 * each account sent, relays nothing, and answers as a provider on a bad day when a fault switch is on.
 */

/**
 * What a provider answers on a bad day, per account, as the real ones word it:
 * - auth-refused:      AUTH → 535 5.7.8 (an app password revoked or mistyped);
 * - temporary:         MAIL FROM → 451 4.3.0;
 * - recipient-refused: RCPT TO `recipient` → 550 5.1.1 (no such mailbox);
 * - quota:             MAIL FROM → 550 5.4.5 (Gmail's wording of the daily sending limit);
 * - rate-limit:        MAIL FROM → 421 4.7.0;
 * - policy:            end of DATA → 554 5.7.1 (refused as spam);
 * - too-big:           end of DATA → 552 5.3.4;
 * - drop-mid-data:     the connection is cut while the message is arriving.
 */
export type SmtpFaultKind =
  | 'auth-refused'
  | 'temporary'
  | 'recipient-refused'
  | 'quota'
  | 'rate-limit'
  | 'policy'
  | 'too-big'
  | 'drop-mid-data';

export interface SmtpFault {
  kind: SmtpFaultKind;
  /** recipient-refused: the address refused (any other goes through). */
  recipient?: string | undefined;
  /** How many times it applies; until cleared when absent. */
  times?: number | undefined;
}

export interface SandboxAttachment {
  filename: string;
  contentType: string;
  size: number;
}

export interface SandboxMessage {
  id: string;
  account: string;
  /** The envelope (MAIL FROM, RCPT TO), which is what the sandbox was asked to deliver. */
  from: string;
  to: string[];
  receivedAt: Date;
  size: number;
  subject: string;
  attachments: SandboxAttachment[];
  /** Whether the session was encrypted (TLS or after STARTTLS). */
  secure: boolean;
  raw: Buffer;
}

export interface SandboxAccount {
  address: string;
  createdAt: Date;
  /** Successful logins: a "test connection" adds one and no transaction. */
  logins: number;
  /** MAIL FROM commands accepted or refused: what a send starts with and a connection test never sends. */
  transactions: number;
  messages: SandboxMessage[];
  faults: SmtpFault[];
}

interface StoredAccount {
  address: string;
  salt: string;
  hash: string;
  createdAt: string;
}

const hashOf = (salt: string, password: string) => createHash('sha256').update(`${salt}\0${password}`).digest('hex');

function summary(account: string, from: string, to: string[], raw: Buffer, secure: boolean, id: string, receivedAt: Date): SandboxMessage {
  const parsed = parseMessage(raw);
  return {
    id,
    account,
    from,
    to,
    receivedAt,
    size: raw.length,
    subject: header(readHeaders(raw), 'subject') ?? '',
    attachments: parsed.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, size: a.content.length })),
    secure,
    raw,
  };
}

/** Accounts, their Sent folders and fault switches; written under `dir` when one is given (embedded mode, staging). */
type KnownAccount = SandboxAccount & { salt: string; hash: string };

export class SmtpSandboxState {
  private readonly accounts = new Map<string, KnownAccount>();

  constructor(private readonly dir?: string | undefined) {
    if (!dir) return;
    mkdirSync(join(dir, 'messages'), { recursive: true });
    const file = join(dir, 'accounts.json');
    if (existsSync(file)) {
      for (const stored of JSON.parse(readFileSync(file, 'utf8')) as StoredAccount[]) {
        this.accounts.set(stored.address, {
          ...this.blank(stored.address, new Date(stored.createdAt)),
          salt: stored.salt,
          hash: stored.hash,
        });
      }
    }
    for (const name of readdirSync(join(dir, 'messages'))
      .filter((n) => n.endsWith('.json'))
      .sort()) {
      const meta = JSON.parse(readFileSync(join(dir, 'messages', name), 'utf8')) as {
        account: string;
        from: string;
        to: string[];
        receivedAt: string;
        secure: boolean;
      };
      const id = name.slice(0, -5);
      const raw = readFileSync(join(dir, 'messages', `${id}.eml`));
      this.accounts
        .get(meta.account)
        ?.messages.push(summary(meta.account, meta.from, meta.to, raw, meta.secure, id, new Date(meta.receivedAt)));
    }
  }

  private blank(address: string, createdAt: Date): SandboxAccount {
    return { address, createdAt, logins: 0, transactions: 0, messages: [], faults: [] };
  }

  private save(): void {
    if (!this.dir) return;
    const stored: StoredAccount[] = [...this.accounts.values()].map((a) => ({
      address: a.address,
      salt: a.salt,
      hash: a.hash,
      createdAt: a.createdAt.toISOString(),
    }));
    writeFileSync(join(this.dir, 'accounts.json'), JSON.stringify(stored, null, 2));
  }

  /** Creates the account, or sets its password. */
  setPassword(address: string, password: string): KnownAccount {
    const key = address.trim().toLowerCase();
    const salt = randomBytes(8).toString('hex');
    const existing = this.accounts.get(key);
    const account = existing ?? { ...this.blank(key, new Date()), salt, hash: '' };
    account.salt = salt;
    account.hash = hashOf(salt, password);
    this.accounts.set(key, account);
    this.save();
    return account;
  }

  /** A login: right password, or an address seen for the first time (it is created with this password). */
  login(address: string, password: string): boolean {
    const key = address.trim().toLowerCase();
    const account = this.accounts.get(key) ?? this.setPassword(key, password);
    const given = Buffer.from(hashOf(account.salt, password), 'hex');
    if (!timingSafeEqual(given, Buffer.from(account.hash, 'hex'))) return false;
    account.logins += 1;
    return true;
  }

  account(address: string): SandboxAccount | undefined {
    return this.accounts.get(address.trim().toLowerCase());
  }

  list(): SandboxAccount[] {
    return [...this.accounts.values()].sort((a, b) => a.address.localeCompare(b.address));
  }

  injectFault(address: string, fault: SmtpFault): void {
    const account = this.account(address) ?? this.setPassword(address, randomBytes(12).toString('base64url'));
    account.faults.push({ ...fault, ...(fault.recipient ? { recipient: fault.recipient.toLowerCase() } : {}) });
  }

  clearFaults(address?: string): void {
    for (const account of address ? [this.account(address)].filter((a) => a !== undefined) : this.accounts.values()) account.faults = [];
  }

  /** The first switch of `kind` that applies, counted against `times`. */
  takeFault(address: string | undefined, kind: SmtpFaultKind, recipient?: string): SmtpFault | undefined {
    const account = address ? this.account(address) : undefined;
    if (!account) return undefined;
    const index = account.faults.findIndex((f) => f.kind === kind && (recipient === undefined || f.recipient === recipient.toLowerCase()));
    const fault = account.faults[index];
    if (!fault) return undefined;
    if (fault.times !== undefined) {
      fault.times -= 1;
      if (fault.times <= 0) account.faults.splice(index, 1);
    }
    return fault;
  }

  countTransaction(address: string): void {
    const account = this.account(address);
    if (account) account.transactions += 1;
  }

  addMessage(address: string, from: string, to: string[], raw: Buffer, secure: boolean): SandboxMessage | undefined {
    const account = this.account(address);
    if (!account) return undefined;
    // Time first, so the folder's order is the arrival order after a restart too.
    const id = `${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`;
    const receivedAt = new Date();
    const message = summary(account.address, from, to, raw, secure, id, receivedAt);
    account.messages.push(message);
    if (this.dir) {
      writeFileSync(join(this.dir, 'messages', `${id}.eml`), raw);
      writeFileSync(join(this.dir, 'messages', `${id}.json`), JSON.stringify({ account: account.address, from, to, receivedAt, secure }));
    }
    return message;
  }
}

const smtpError = (responseCode: number, message: string) => Object.assign(new Error(message), { responseCode });

/** The replies of the fault switches, with the enhanced status codes real providers give (RFC 3463). */
const REPLIES = {
  authRefused: () => smtpError(535, '5.7.8 Username and Password not accepted'),
  authRequired: () => smtpError(530, '5.7.0 Authentication required'),
  temporary: () => smtpError(451, '4.3.0 Temporary system problem, try again later'),
  quota: () => smtpError(550, '5.4.5 Daily user sending limit exceeded'),
  rateLimit: () => smtpError(421, '4.7.0 Try again later, closing connection'),
  recipient: (address: string) => smtpError(550, `5.1.1 <${address}>: The email account that you tried to reach does not exist`),
  policy: () => smtpError(554, '5.7.1 Message rejected as spam by content filtering'),
  tooBig: () => smtpError(552, '5.3.4 Message size exceeds fixed limit'),
};

/** A message a little over the 25 MB most providers take, so a 5 MB résumé with its base64 is far inside. */
const MAX_MESSAGE_BYTES = 30 * 1024 * 1024;

export interface SmtpListeners {
  tlsPort: number;
  starttlsPort: number;
  close(): Promise<void>;
}

interface ConnectionInternals {
  id: string;
  _socket?: Socket;
}

/** Cuts the connection a session runs on (drop-mid-data); smtp-server keeps its connections by session id. */
function dropConnection(server: SMTPServer, session: SMTPServerSession): void {
  const connections = (server as unknown as { connections?: Set<ConnectionInternals> }).connections;
  for (const connection of connections ?? []) {
    if (connection.id === session.id) connection._socket?.destroy();
  }
}

function smtpServer(state: SmtpSandboxState, certificate: SandboxCertificate, secure: boolean): SMTPServer {
  const server: SMTPServer = new SMTPServer({
    name: 'smtp.sandbox.sira.invalid',
    banner: 'Sira SMTP sandbox',
    secure,
    key: certificate.key,
    cert: certificate.cert,
    authMethods: ['PLAIN', 'LOGIN'],
    // The fault replies carry their own enhanced codes, written as the providers write them.
    hideENHANCEDSTATUSCODES: true,
    size: MAX_MESSAGE_BYTES,
    // Stopping waits this long for clients' idle pooled connections, not smtp-server's default half minute.
    closeTimeout: 2000,
    logger: false,
    onAuth(auth, _session, callback) {
      const user = auth.username ?? '';
      if (state.takeFault(user, 'auth-refused') || !state.login(user, auth.password ?? '')) return callback(REPLIES.authRefused());
      return callback(null, { user: user.toLowerCase() });
    },
    onMailFrom(_address, session, callback) {
      const account = typeof session.user === 'string' ? session.user : undefined;
      if (!account) return callback(REPLIES.authRequired());
      state.countTransaction(account);
      if (state.takeFault(account, 'quota')) return callback(REPLIES.quota());
      if (state.takeFault(account, 'rate-limit')) return callback(REPLIES.rateLimit());
      if (state.takeFault(account, 'temporary')) return callback(REPLIES.temporary());
      return callback();
    },
    onRcptTo(address, session, callback) {
      const account = typeof session.user === 'string' ? session.user : undefined;
      if (state.takeFault(account, 'recipient-refused', address.address)) return callback(REPLIES.recipient(address.address));
      return callback();
    },
    onData(stream, session, callback) {
      const account = typeof session.user === 'string' ? session.user : '';
      const drop = state.takeFault(account, 'drop-mid-data');
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => {
        if (drop) {
          dropConnection(server, session);
          return;
        }
        chunks.push(chunk);
      });
      stream.on('end', () => {
        if (drop) return;
        if (stream.sizeExceeded) return callback(smtpError(552, '5.3.4 Message size exceeds fixed limit'));
        if (state.takeFault(account, 'too-big')) return callback(REPLIES.tooBig());
        if (state.takeFault(account, 'policy')) return callback(REPLIES.policy());
        const message = state.addMessage(
          account,
          session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          session.envelope.rcptTo.map((r) => r.address),
          Buffer.concat(chunks),
          session.secure,
        );
        callback(null, `2.0.0 OK queued as ${message?.id ?? 'unknown'}`);
      });
    },
  });
  // A client that hangs up mid-session is ordinary here (the fault switches do it on purpose).
  server.on('error', () => {});
  return server;
}

/** Listens with implicit TLS and with STARTTLS (0: any free port); AUTH is refused before TLS on the STARTTLS port. */
export async function listenSmtp(
  state: SmtpSandboxState,
  certificate: SandboxCertificate,
  options: { host: string; tlsPort: number; starttlsPort: number },
): Promise<SmtpListeners> {
  const servers = [smtpServer(state, certificate, true), smtpServer(state, certificate, false)] as const;
  const listen = (server: SMTPServer, port: number) =>
    new Promise<number>((resolve, reject) => {
      server.server.once('error', reject);
      server.listen(port, options.host, () => {
        const address = server.server.address();
        resolve(typeof address === 'object' && address ? address.port : port);
      });
    });
  const close = () => Promise.all(servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve())))).then(() => undefined);
  try {
    const tlsPort = await listen(servers[0], options.tlsPort);
    const starttlsPort = await listen(servers[1], options.starttlsPort);
    return { tlsPort, starttlsPort, close };
  } catch (error) {
    await close();
    throw error;
  }
}
