/**
 * What the sending engine needs from a mailbox provider, whatever it is (Gmail, Microsoft, SMTP): one message
 * sent, and a failure told in the engine's error classes (ADR 008 "Error classes"). Each provider lives in a
 * folder of its own beside this file and maps its own answers to these classes; the worker never reads a
 * provider's status codes itself.
 */

export const MAIL_PROVIDERS = ['gmail', 'microsoft', 'smtp'] as const;
export type MailProvider = (typeof MAIL_PROVIDERS)[number];

/**
 * - unauthorized:        the access token is stale — refresh once and try again (OAuth providers);
 * - credentials-refused: the mailbox's own credentials were refused (an SMTP app password changed, consent
 *                        revoked) — hold the mailbox's messages and tell the user, as an unlinked mailbox;
 * - mail-limit:          the mailbox reached its provider's sending limit — pause only this mailbox until
 *                        `retryAt` (or the engine's default rest when the provider gave no time);
 * - transient:           try again later with back-off (5xx, 4xx SMTP replies, timeouts, network errors);
 * - permanent:           this message cannot go (a recipient refused, a message the provider will not take).
 */
export type SendFailureKind = 'unauthorized' | 'credentials-refused' | 'mail-limit' | 'transient' | 'permanent';

export class ProviderSendError extends Error {
  constructor(
    readonly provider: MailProvider,
    readonly kind: SendFailureKind,
    /** HTTP status or SMTP reply code; 0 when no answer came (timeout, network). */
    readonly status: number,
    /** The provider's own short reason (a Graph error code, an SMTP enhanced status such as 5.1.1). */
    readonly reason: string,
    message: string,
    /** For mail-limit: when the provider said sending may resume, if it said. */
    readonly retryAt: Date | null = null,
  ) {
    super(message);
    this.name = 'ProviderSendError';
  }
}

/** One message as the engine prepared it: the whole MIME message, and its parts for providers that want them. */
export interface OutgoingMessage {
  /** The RFC 5322 message as the engine built it (headers, text, HTML, the PDF), in parts to write in order. */
  mime: readonly Buffer[];
  from: { address: string; name: string | null };
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Headers beyond the usual ones the message must carry (List-Unsubscribe, List-Unsubscribe-Post). */
  headers: Readonly<Record<string, string>>;
  attachment: { filename: string; contentType: 'application/pdf'; bytes: Buffer };
}

export interface ProviderSent {
  /** The provider's id for the sent message, when it gives one (an SMTP server's queue id otherwise). */
  id: string;
}

/**
 * What a mailbox sends with: an OAuth access token (Gmail, Microsoft), or the SMTP server's settings with the
 * app password, opened from their sealed form only for the call (mailbox-credentials.ts).
 */
export type SendAccess =
  | { kind: 'token'; accessToken: string }
  | { kind: 'smtp'; host: string; port: number; tls: 'tls' | 'starttls' | 'none'; user: string; password: string };

/** One message as the sending engine built it: the whole MIME, and the envelope. */
export interface EngineMessage {
  mime: readonly Buffer[];
  /** The mailbox's address (the envelope sender). */
  from: string;
  to: string;
}

/**
 * The sending side of a provider, one per worker: it sends one message for any mailbox of its provider with
 * that mailbox's access, and tells a failure as a ProviderSendError (never its own status codes).
 */
export interface ProviderSendClient {
  readonly provider: MailProvider;
  send(access: SendAccess, message: EngineMessage): Promise<ProviderSent>;
  close(): void;
}
