import type { ConnectionOptions } from 'node:tls';
import nodemailer from 'nodemailer';
import { type OutgoingMessage, ProviderSendError, type ProviderSent } from '../provider';
import {
  type ResolvedSmtpTarget,
  type Resolver,
  resolveSmtpTarget,
  type SmtpNetworkRules,
  type SmtpSettings,
  SmtpSettingsError,
} from './smtp-settings';

/**
 * Sending one message from a user's own mailbox over SMTP (integrations.md §D): the engine's MIME bytes as
 * they are (nodemailer's `raw`, so nothing is composed twice), through a pool of at most one connection per
 * mailbox — the engine sends one message at a time per mailbox, and a provider counts parallel logins against
 * the account — which a connection carries a bounded number of messages before it is replaced.
 */

export interface SmtpTimeouts {
  /** TCP connection established. */
  connectMs: number;
  /** The server's 220 greeting after connecting. */
  greetingMs: number;
  /** Silence on an open connection (a reply that never comes, a DATA the server stopped reading). */
  socketMs: number;
  /**
   * The whole call, connection to the last reply: the one deadline that also covers a TLS handshake the
   * server never answers (a port that accepts and stays silent), which nodemailer's own timers do not.
   */
  totalMs: number;
}

/** Long enough for a 5 MB message on a slow uplink to be acknowledged, short enough that a stuck provider frees the mailbox's turn. */
export const SMTP_TIMEOUTS: SmtpTimeouts = { connectMs: 10_000, greetingMs: 15_000, socketMs: 60_000, totalMs: 180_000 };

/** Rejects with a nodemailer-shaped ETIMEDOUT when `work` has not settled within `ms`, after calling `onTimeout`. */
export function withDeadline<T>(work: Promise<T>, ms: number, onTimeout: () => void): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      onTimeout();
      reject(Object.assign(new Error(`no answer within ${ms} ms`), { code: 'ETIMEDOUT', command: 'CONN' }));
    }, ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

/** Under Yahoo's 20 messages per connection (presets.ts) and what the other providers accept without a reconnect. */
const MESSAGES_PER_CONNECTION = 20;

/** nodemailer's options for one checked target: the checked address, the name for TLS, TLS as the settings say. */
export function connectionOptions(target: ResolvedSmtpTarget, timeouts: SmtpTimeouts) {
  const tls: ConnectionOptions = { minVersion: 'TLSv1.2', rejectUnauthorized: true };
  if (target.servername) tls.servername = target.servername;
  if (target.ca) tls.ca = [target.ca];
  return {
    host: target.address,
    port: target.settings.port,
    ...(target.servername ? { servername: target.servername } : {}),
    secure: target.settings.tls === 'tls',
    // STARTTLS is required, never opportunistic: a server (or someone on the path) that leaves it out of
    // its EHLO answer must not get the app password in clear.
    requireTLS: target.settings.tls === 'starttls',
    ignoreTLS: target.settings.tls === 'none',
    tls,
    auth: { user: target.settings.user, pass: target.settings.password },
    connectionTimeout: timeouts.connectMs,
    greetingTimeout: timeouts.greetingMs,
    socketTimeout: timeouts.socketMs,
    // The EHLO name: the providers log it; a fixed one says nothing about the server's own host.
    name: 'sira.invalid',
    logger: false,
    debug: false,
  };
}

/** The fields of a nodemailer error that tell what happened. */
export interface SmtpErrorLike {
  code?: string | undefined;
  /** The SMTP reply code, when the server answered. */
  responseCode?: number | undefined;
  /** The server's reply line(s). */
  response?: string | undefined;
  /** The command that was answered: 'CONN', 'AUTH PLAIN', 'MAIL FROM', 'RCPT TO', 'DATA'… */
  command?: string | undefined;
  message?: string | undefined;
}

/** The RFC 3463 enhanced status code in a reply ("550 5.1.1 <x>: no such user" → "5.1.1"). */
export function enhancedStatus(response: string | undefined): string | null {
  if (!response) return null;
  const match = /(?:^|[\s-])([245])\.(\d{1,3})\.(\d{1,3})(?=\s|$)/.exec(response);
  return match ? `${match[1]}.${match[2]}.${match[3]}` : null;
}

const QUOTA_WORDS = /quota|sending limit|limit exceeded|rate limit|too many (?:messages|emails|mails)|daily (?:user )?sending/i;
const POLICY_WORDS = /\bspam\b|policy|blocked|blacklist|reputation|suspended/i;

/**
 * Maps an SMTP failure to the engine's error classes (provider.ts), by the reply code, the RFC 3463 enhanced
 * status code (class.subject.detail: 4 = try again, 5 = do not; subject 1 = addressing, 2 = mailbox, 3 = mail
 * system, 4 = network and routing, 5 = protocol, 6 = content, 7 = security and policy) and the command answered:
 *
 * - credentials-refused: the login was refused — 535 5.7.8 (credentials invalid), 534 5.7.9 (mechanism too
 *   weak: the provider wants an app password), 530 5.7.0 (authentication required), 5.7.30/5.7.139 on AUTH
 *   (Microsoft: basic authentication off), and 454 4.7.0 on AUTH (temporary authentication failure, which
 *   Gmail and Yahoo also answer for "too many login attempts"): trying again with the same password only
 *   brings a lockout nearer, so the mailbox waits for the user;
 * - mail-limit: the provider will take no more from this mailbox for now — 5.4.5/4.4.5 (Gmail's daily user
 *   sending quota), any other x.7.x outside AUTH (policy and spam refusals: 554 5.7.1, iCloud's "550 5.7.1 …
 *   exceeded your daily sending limit", 421 4.7.0 rate limiting, 553 5.7.1 sender not owned), 552 / 5.3.4
 *   (message too big for the system: every message of the mailbox carries the same résumé) and a refused
 *   sender on MAIL FROM (5.1.7, 5.1.8): each of these would fail every queued message alike, so the mailbox
 *   pauses instead of failing its queue one by one; replies without an enhanced code that speak of a quota,
 *   a limit or spam count the same way;
 * - permanent: the recipient was refused — 5xx on RCPT TO (550 5.1.1 no such user, 553 5.1.3 bad address,
 *   5.1.x/5.2.x generally) — or another 5xx the message itself earned (554 5.6.0 on DATA): this message only;
 * - transient: every other 4xx (450 4.2.1 mailbox busy, 451 4.3.0 local error, 421 4.4.2 shutting down),
 *   timeouts, refused or dropped connections (a connection lost in the middle of DATA has not been accepted),
 *   DNS and TLS failures: later, with back-off.
 */
export function classifySmtpFailure(error: SmtpErrorLike): ProviderSendError {
  const status = error.responseCode ?? 0;
  const response = (error.response ?? '').trim();
  const enhanced = enhancedStatus(response);
  const command = (error.command ?? '').toUpperCase();
  const onAuth = command.startsWith('AUTH') || error.code === 'EAUTH' || error.code === 'ENOAUTH';
  const detail = `${response || error.message || 'SMTP failure'}${command ? ` (${command})` : ''}`.slice(0, 500);
  const fail = (kind: ProviderSendError['kind'], reason: string) => new ProviderSendError('smtp', kind, status, reason, detail);
  const [klass, subject] = (enhanced ?? '').split('.');

  if (status === 0) {
    // No reply: nodemailer gave up on the socket, or refused to send the credentials at all.
    if (error.code === 'EAUTH' || error.code === 'ENOAUTH') return fail('credentials-refused', error.code);
    return fail('transient', error.code ?? 'network');
  }
  // 421 is the server closing the connection, whatever the command: a rate limit (4.7.x) or a shutdown.
  if (status !== 421 && (onAuth || status === 535 || status === 534 || status === 530)) {
    return fail('credentials-refused', enhanced ?? String(status));
  }
  if (enhanced?.endsWith('.4.5')) return fail('mail-limit', enhanced);
  if (subject === '7') return fail('mail-limit', enhanced ?? String(status));
  if (status === 552 || enhanced === '5.3.4') return fail('mail-limit', enhanced ?? String(status));
  if (status >= 500 && command === 'MAIL FROM' && (enhanced === '5.1.7' || enhanced === '5.1.8' || status === 553)) {
    return fail('mail-limit', enhanced ?? String(status));
  }
  if (!enhanced && (QUOTA_WORDS.test(response) || (status >= 500 && POLICY_WORDS.test(response))))
    return fail('mail-limit', String(status));
  if (status >= 400 && status < 500) return fail('transient', enhanced ?? String(status));
  if (status >= 500 && command === 'RCPT TO') return fail('permanent', enhanced ?? String(status));
  if (klass === '5' && (subject === '1' || subject === '2')) return fail('permanent', enhanced ?? String(status));
  if (status >= 500) return fail('permanent', enhanced ?? String(status));
  return fail('transient', enhanced ?? String(status));
}

/** The server's queue id in its 250 reply ("250 2.0.0 OK queued as 4XyZ", "250 Ok: queued as 4XyZ", "250 2.0.0 Ok: <id>"). */
export function queueIdFrom(response: string | undefined): string | null {
  if (!response) return null;
  const match = /queued as\s+<?([^\s>]+)>?/i.exec(response) ?? /\bid=<?([^\s>]+)>?/i.exec(response);
  return match?.[1] ?? null;
}

export interface SmtpSender {
  /** Only the MIME and the envelope are read: the message goes exactly as built. */
  send(message: Pick<OutgoingMessage, 'mime' | 'from' | 'to'>): Promise<ProviderSent>;
  /** Closes the pool's connection (QUIT); later sends open a new one. */
  close(): void;
}

export interface SmtpSenderOptions {
  settings: SmtpSettings;
  rules: SmtpNetworkRules;
  timeouts?: Partial<SmtpTimeouts>;
  /** Tests only: name resolution that needs no DNS. */
  resolve?: Resolver;
}

type Pool = ReturnType<typeof nodemailer.createTransport>;

/**
 * One sender per linked mailbox. The host is resolved and checked on the first send and again after a
 * connection failed, so a provider that moved its servers is followed, and a name that started to point
 * inside the network is refused then too.
 */
export function createSmtpSender(options: SmtpSenderOptions): SmtpSender {
  const timeouts = { ...SMTP_TIMEOUTS, ...options.timeouts };
  let pool: Pool | null = null;

  const openPool = async (): Promise<Pool> => {
    if (pool) return pool;
    const target = await resolveSmtpTarget(options.settings, options.rules, options.resolve);
    pool = nodemailer.createTransport({
      ...connectionOptions(target, timeouts),
      pool: true,
      maxConnections: 1,
      maxMessages: MESSAGES_PER_CONNECTION,
    });
    return pool;
  };
  const dropPool = () => {
    pool?.close();
    pool = null;
  };

  return {
    async send(message) {
      let transport: Pool;
      try {
        transport = await openPool();
      } catch (error) {
        if (error instanceof SmtpSettingsError) {
          // The settings themselves cannot work (a host that vanished is a network matter, retried later).
          const kind = error.problem === 'host-not-found' ? 'transient' : 'credentials-refused';
          throw new ProviderSendError('smtp', kind, 0, error.problem, error.message);
        }
        throw error;
      }
      try {
        const info = await withDeadline(
          transport.sendMail({
            envelope: { from: message.from.address, to: [message.to] },
            raw: message.mime.length === 1 ? (message.mime[0] as Buffer) : Buffer.concat(message.mime),
          }),
          timeouts.totalMs,
          dropPool,
        );
        return { id: queueIdFrom(info.response) ?? info.messageId ?? '' };
      } catch (error) {
        const failure = classifySmtpFailure(error as SmtpErrorLike);
        // A refused recipient leaves the connection usable; anything else starts afresh next time.
        if (failure.kind !== 'permanent') dropPool();
        throw failure;
      }
    },
    close: dropPool,
  };
}
