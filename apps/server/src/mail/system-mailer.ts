import nodemailer from 'nodemailer';
import type { Database } from '../db/client';
import { mailOutbox } from '../db/schema';

export interface SystemMail {
  to: string;
  subject: string;
  html: string;
  text: string;
}

/** Sends Sira's own e-mails (confirmation, reset). Users' job applications go through their Gmail instead. */
export interface SystemMailer {
  send(mail: SystemMail): Promise<void>;
  /** Whether the mail server can be reached and accepts this server (greeting, and login when configured). */
  verify?(): Promise<void>;
}

/**
 * A mail server that does not answer must not hold a registration for nodemailer's default minutes: the user
 * is told within seconds that the e-mail could not be sent (the request itself times out after 30 s).
 */
const SMTP_TIMEOUTS_MS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 15_000 };

export function smtpMailer(smtpUrl: string, from: string): SystemMailer {
  const transport = nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS_MS });
  return {
    async send(mail) {
      await transport.sendMail({ from, ...mail });
    },
    async verify() {
      await transport.verify();
    },
  };
}

/** Embedded mode: mail is kept in the database and read at /sandbox/outbox; nothing leaves the machine. */
export function outboxMailer(db: Database): SystemMailer {
  return {
    async send(mail) {
      await db.insert(mailOutbox).values(mail);
    },
  };
}
