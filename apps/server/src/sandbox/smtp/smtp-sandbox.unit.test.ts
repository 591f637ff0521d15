import { X509Certificate } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import nodemailer from 'nodemailer';
import { afterEach, describe, expect, it } from 'vitest';
import { type SmtpMailboxSandbox, smtpSandboxPlugin, startSmtpMailboxSandbox } from './index';

/** The SMTP sandbox's own behaviour: certificate, first-use accounts, Sent folders, pages, JSON and restarts. */

const open: SmtpMailboxSandbox[] = [];
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function start(dir?: string) {
  const sandbox = await startSmtpMailboxSandbox({ dir });
  open.push(sandbox);
  return sandbox;
}

async function sendThrough(sandbox: SmtpMailboxSandbox, user: string, password: string, to: string) {
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: sandbox.tlsPort,
    secure: true,
    auth: { user, pass: password },
    tls: { ca: [sandbox.certificate] },
  });
  try {
    await transport.sendMail({
      envelope: { from: user, to: [to] },
      from: user,
      to,
      subject: 'طلب توظيف',
      text: 'مرفق السيرة الذاتية',
      attachments: [{ filename: 'سيرة.pdf', content: Buffer.alloc(3000, 1), contentType: 'application/pdf' }],
    });
  } finally {
    transport.close();
  }
}

describe('SMTP mailbox sandbox', () => {
  it('makes a certificate for loopback and the names it is given', async () => {
    const sandbox = await start();
    const certificate = new X509Certificate(sandbox.certificate);
    expect(certificate.subjectAltName).toContain('IP Address:127.0.0.1');
    expect(certificate.subjectAltName).toContain('DNS:localhost');
    expect(certificate.verify(certificate.publicKey)).toBe(true);
  });

  it('creates an account on first login with its password, and refuses another password afterwards', async () => {
    const sandbox = await start();
    await sendThrough(sandbox, 'first@icloud.com', 'chosen', 'hr@company.sa');
    await expect(sendThrough(sandbox, 'first@icloud.com', 'other', 'hr@company.sa')).rejects.toMatchObject({ responseCode: 535 });
    expect(sandbox.state.account('FIRST@icloud.com')).toMatchObject({ logins: 1, transactions: 1 });
  });

  it('shows each account’s Sent folder with the PDF’s name and size, and answers JSON for tests', async () => {
    const sandbox = await start();
    await sendThrough(sandbox, 'seeker@yahoo.com', 'pw', 'hr@company.sa');
    const app = Fastify({ logger: false });
    await app.register(smtpSandboxPlugin, { prefix: '/sandbox/smtp', sandbox });
    try {
      const index = await app.inject('/sandbox/smtp');
      expect(index.statusCode).toBe(200);
      expect(index.headers['content-security-policy']).toContain("default-src 'none'");
      expect(index.body).toContain(String(sandbox.tlsPort));
      expect(index.body).toContain('seeker@yahoo.com');

      const folder = await app.inject('/sandbox/smtp/accounts/seeker%40yahoo.com');
      expect(folder.body).toContain('hr@company.sa');
      expect(folder.body).toContain('سيرة.pdf');
      expect(folder.body).toContain('2.9 KB');

      const messages = (await app.inject('/sandbox/smtp/_control/accounts/seeker@yahoo.com/messages')).json();
      expect(messages.messages[0]).toMatchObject({ to: ['hr@company.sa'], subject: 'طلب توظيف', secure: true });
      expect(messages.messages[0].attachments).toEqual([{ filename: 'سيرة.pdf', contentType: 'application/pdf', size: 3000 }]);

      const server = (await app.inject('/sandbox/smtp/_control/server')).json();
      expect(server).toMatchObject({ host: '127.0.0.1', tlsPort: sandbox.tlsPort, starttlsPort: sandbox.starttlsPort });
      expect((await app.inject('/sandbox/smtp/_control/certificate')).body).toBe(sandbox.certificate);
    } finally {
      await app.close();
    }
  });

  it('creates accounts and sets fault switches over HTTP', async () => {
    const sandbox = await start();
    const app = Fastify({ logger: false });
    await app.register(smtpSandboxPlugin, { prefix: '/smtp', sandbox });
    try {
      const form = await app.inject({
        method: 'POST',
        url: '/smtp/accounts',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'address=Form%40zoho.com&password=set-here',
      });
      expect(form.statusCode).toBe(303);
      expect(form.headers.location).toBe('/smtp/accounts/form%40zoho.com');
      await expect(sendThrough(sandbox, 'form@zoho.com', 'wrong', 'hr@company.sa')).rejects.toMatchObject({ responseCode: 535 });

      await app.inject({ method: 'POST', url: '/smtp/_control/accounts', payload: { address: 'json@zoho.com', password: 'pw' } });
      const fault = await app.inject({
        method: 'POST',
        url: '/smtp/_control/accounts/json@zoho.com/faults',
        payload: { kind: 'quota', times: 1 },
      });
      expect(fault.json().faults).toEqual([{ kind: 'quota', times: 1 }]);
      await expect(sendThrough(sandbox, 'json@zoho.com', 'pw', 'hr@company.sa')).rejects.toMatchObject({ responseCode: 550 });
      await sendThrough(sandbox, 'json@zoho.com', 'pw', 'hr@company.sa');

      const refused = await app.inject({
        method: 'POST',
        url: '/smtp/_control/accounts/json@zoho.com/faults',
        payload: { kind: 'recipient-refused' },
      });
      expect(refused.statusCode).toBe(400);
      await app.inject({ method: 'POST', url: '/smtp/_control/accounts/json@zoho.com/faults', payload: { kind: 'auth-refused' } });
      await app.inject({ method: 'DELETE', url: '/smtp/_control/accounts/json@zoho.com/faults' });
      const accounts = (await app.inject('/smtp/_control/accounts')).json().accounts;
      expect(accounts.find((a: { address: string }) => a.address === 'json@zoho.com')).toMatchObject({ messages: 1, faults: [] });
    } finally {
      await app.close();
    }
  });

  it('keeps accounts and Sent folders across a restart when given a folder', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sira-smtp-sandbox-'));
    dirs.push(dir);
    const first = await start(dir);
    await sendThrough(first, 'kept@yahoo.com', 'pw', 'hr@company.sa');
    await first.close();
    open.splice(open.indexOf(first), 1);

    const second = await start(dir);
    expect(second.state.account('kept@yahoo.com')?.messages.map((m) => m.attachments[0]?.filename)).toEqual(['سيرة.pdf']);
    await expect(sendThrough(second, 'kept@yahoo.com', 'not-it', 'hr@company.sa')).rejects.toMatchObject({ responseCode: 535 });
  });
});
