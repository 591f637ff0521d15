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
}

export function smtpMailer(smtpUrl: string, from: string): SystemMailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(mail) {
      await transport.sendMail({ from, ...mail });
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
