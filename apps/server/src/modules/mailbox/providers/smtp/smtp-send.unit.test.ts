import { createServer, type Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type SmtpMailboxSandbox, startSmtpMailboxSandbox } from '../../../../sandbox/smtp';
import { type OutgoingMessage, ProviderSendError } from '../provider';
import { classifySmtpFailure, createSmtpSender, enhancedStatus, queueIdFrom, type SmtpSender } from './smtp-send';
import { PRODUCTION_NETWORK_RULES, type SmtpNetworkRules, type SmtpSettings } from './smtp-settings';

/** SMTP replies mapped to the engine's error classes (integrations.md §D4), and sends to the sandbox over real sockets. */

describe('classifySmtpFailure', () => {
  const kind = (responseCode: number, response: string, command: string, code = 'EENVELOPE') =>
    classifySmtpFailure({ responseCode, response, command, code });

  it('a refused login → credentials-refused (535 5.7.8, 534 5.7.9, 530 5.7.0, 454 4.7.0 on AUTH, Microsoft 5.7.30/5.7.139)', () => {
    expect(kind(535, '535 5.7.8 Username and Password not accepted', 'AUTH PLAIN', 'EAUTH').kind).toBe('credentials-refused');
    expect(kind(534, '534-5.7.9 Application-specific password required', 'AUTH LOGIN', 'EAUTH').kind).toBe('credentials-refused');
    expect(kind(530, '530 5.7.0 Authentication Required', 'MAIL FROM').kind).toBe('credentials-refused');
    expect(kind(454, '454 4.7.0 Too many login attempts, please try again later', 'AUTH PLAIN', 'EAUTH').kind).toBe('credentials-refused');
    expect(kind(550, '550 5.7.30 Basic authentication is not supported for Client Submission', 'AUTH LOGIN', 'EAUTH').kind).toBe(
      'credentials-refused',
    );
    expect(kind(535, '535 5.7.139 Authentication unsuccessful, SmtpClientAuthentication is disabled', 'AUTH LOGIN', 'EAUTH').reason).toBe(
      '5.7.139',
    );
    expect(classifySmtpFailure({ code: 'EAUTH', message: 'Missing credentials for "PLAIN"' }).kind).toBe('credentials-refused');
  });

  it('quota, rate and policy refusals → mail-limit, so only this mailbox pauses', () => {
    expect(kind(550, '550-5.4.5 Daily user sending limit exceeded.', 'MAIL FROM')).toMatchObject({
      kind: 'mail-limit',
      reason: '5.4.5',
      retryAt: null,
    });
    expect(kind(550, '550 5.7.1 someone@icloud.com: You have exceeded your daily sending limit.', 'MAIL FROM').kind).toBe('mail-limit');
    expect(kind(554, '554 5.7.1 Message rejected as spam by content filtering', 'DATA').kind).toBe('mail-limit');
    expect(kind(421, '421 4.7.0 Try again later, closing connection', 'MAIL FROM').kind).toBe('mail-limit');
    expect(kind(451, '451 4.7.500 Server busy, rate limited', 'RCPT TO').kind).toBe('mail-limit');
    expect(kind(552, '552 5.3.4 Message size exceeds fixed limit', 'DATA').kind).toBe('mail-limit');
    expect(kind(553, '553 5.7.1 Sender address rejected: not owned by user', 'MAIL FROM').kind).toBe('mail-limit');
    expect(kind(550, '550 5.1.8 Bad sender address', 'MAIL FROM').kind).toBe('mail-limit');
    // Servers that give no enhanced code say it in words.
    expect(kind(550, '550 Daily sending quota exceeded', 'MAIL FROM').kind).toBe('mail-limit');
    expect(kind(554, '554 Message refused: spam', 'DATA').kind).toBe('mail-limit');
  });

  it('a refused recipient → permanent with the reason (550 5.1.1, 553 5.1.3, 5.1.x, 5.2.x)', () => {
    expect(kind(550, '550 5.1.1 <nobody@example.sa>: Recipient address rejected: User unknown', 'RCPT TO')).toMatchObject({
      kind: 'permanent',
      reason: '5.1.1',
      status: 550,
    });
    expect(kind(553, '553 5.1.3 Invalid recipient address syntax', 'RCPT TO').reason).toBe('5.1.3');
    expect(kind(550, '550 No such user here', 'RCPT TO')).toMatchObject({ kind: 'permanent', reason: '550' });
    expect(kind(552, '552 5.2.2 Mailbox full', 'DATA').kind).toBe('mail-limit');
    expect(kind(550, '550 5.2.1 Mailbox disabled', 'DATA').kind).toBe('permanent');
    expect(kind(554, '554 5.6.0 Message content not accepted', 'DATA').kind).toBe('permanent');
  });

  it('other 4xx, timeouts and network failures → transient', () => {
    expect(kind(451, '451 4.3.0 Temporary system problem', 'MAIL FROM').kind).toBe('transient');
    expect(kind(450, '450 4.2.1 Mailbox busy', 'RCPT TO').kind).toBe('transient');
    expect(kind(421, '421 4.4.2 Connection dropped due to timeout', 'DATA').kind).toBe('transient');
    for (const code of ['ETIMEDOUT', 'ECONNECTION', 'ESOCKET', 'EDNS', 'ETLS']) {
      expect(classifySmtpFailure({ code, message: 'boom', command: 'CONN' })).toMatchObject({ kind: 'transient', status: 0, reason: code });
    }
  });

  it('reads enhanced status codes and queue ids', () => {
    expect(enhancedStatus('550-5.1.1 The email account does not exist')).toBe('5.1.1');
    expect(enhancedStatus('250 OK')).toBeNull();
    expect(queueIdFrom('250 2.0.0 OK queued as 4XyZ-1')).toBe('4XyZ-1');
    expect(queueIdFrom('250 Ok')).toBeNull();
  });
});

/** A résumé message as the engine builds one: text, and the PDF base64-encoded in 76-character lines. */
function outgoing(to: string, pdf: Buffer, from = 'someone@yahoo.com'): OutgoingMessage {
  const boundary = 'sira-boundary';
  const base64 = pdf.toString('base64').replace(/(.{76})/g, '$1\r\n');
  const head = Buffer.from(
    [
      `From: <${from}>`,
      `To: <${to}>`,
      'Subject: =?UTF-8?B?2LfZhNioINiq2YjYuNmK2YE=?=',
      'MIME-Version: 1.0',
      `Content-Type: multipart/mixed; boundary="${boundary}"`,
      '',
      `--${boundary}`,
      'Content-Type: text/plain; charset=utf-8',
      '',
      'السلام عليكم',
      `--${boundary}`,
      'Content-Type: application/pdf; name="cv.pdf"',
      'Content-Disposition: attachment; filename="cv.pdf"',
      'Content-Transfer-Encoding: base64',
      '',
      '',
    ].join('\r\n'),
  );
  return {
    mime: [head, Buffer.from(base64), Buffer.from(`\r\n--${boundary}--\r\n`)],
    from: { address: from, name: null },
    to,
    subject: 'طلب توظيف',
    html: '',
    text: 'السلام عليكم',
    headers: {},
    attachment: { filename: 'cv.pdf', contentType: 'application/pdf', bytes: pdf },
  };
}

const pdfOf = (bytes: number) => Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(bytes - 9, 0x41)]);

describe('createSmtpSender against the sandbox', () => {
  let sandbox: SmtpMailboxSandbox;
  let rules: SmtpNetworkRules;
  const senders: SmtpSender[] = [];
  let n = 0;
  /** A fresh account per test, so fault switches never leak between tests. */
  const account = () => `user${++n}@yahoo.com`;
  const sender = (user: string, over: Partial<SmtpSettings> = {}, withRules = rules) => {
    const created = createSmtpSender({
      settings: { host: '127.0.0.1', port: sandbox.tlsPort, tls: 'tls', user, password: 'app-password', ...over },
      rules: withRules,
    });
    senders.push(created);
    return created;
  };
  const failureOf = async (promise: Promise<unknown>): Promise<ProviderSendError> => {
    const error = await promise.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ProviderSendError);
    return error as ProviderSendError;
  };

  beforeAll(async () => {
    sandbox = await startSmtpMailboxSandbox();
    rules = { allowPrivateAddresses: false, sandbox: { host: '127.0.0.1', certificate: sandbox.certificate } };
  });
  afterEach(() => {
    for (const s of senders.splice(0)) s.close();
  });
  afterAll(async () => {
    await sandbox.close();
  });

  it('sends over implicit TLS and answers the queue id', async () => {
    const user = account();
    const sent = await sender(user).send(outgoing('hr@company.sa', pdfOf(2000), user));
    const [message] = sandbox.state.account(user)?.messages ?? [];
    expect(sent.id).toBe(message?.id);
    expect(message).toMatchObject({ from: user, to: ['hr@company.sa'], secure: true, subject: 'طلب توظيف' });
    expect(message?.attachments).toEqual([{ filename: 'cv.pdf', contentType: 'application/pdf', size: 2000 }]);
  });

  it('sends over STARTTLS', async () => {
    const user = account();
    await sender(user, { port: sandbox.starttlsPort, tls: 'starttls' }).send(outgoing('hr@company.sa', pdfOf(1000), user));
    expect(sandbox.state.account(user)?.messages[0]?.secure).toBe(true);
  });

  it('sends a 5 MB PDF whole, and several messages on one connection', async () => {
    const user = account();
    const mailbox = sender(user);
    const pdf = pdfOf(5 * 1024 * 1024);
    await mailbox.send(outgoing('a@company.sa', pdf, user));
    await mailbox.send(outgoing('b@company.sa', pdfOf(500), user));
    const messages = sandbox.state.account(user)?.messages ?? [];
    expect(messages.map((m) => m.to[0])).toEqual(['a@company.sa', 'b@company.sa']);
    expect(messages[0]?.attachments[0]?.size).toBe(pdf.length);
    expect(sandbox.state.account(user)?.logins).toBe(1);
  });

  it('a refused app password → credentials-refused', async () => {
    const user = account();
    sandbox.state.setPassword(user, 'the-right-one');
    const error = await failureOf(sender(user).send(outgoing('hr@company.sa', pdfOf(100), user)));
    expect(error).toMatchObject({ provider: 'smtp', kind: 'credentials-refused', status: 535, reason: '5.7.8' });
  });

  it('each fault switch maps to its class', async () => {
    const cases = [
      ['temporary', 'transient', 451, '4.3.0'],
      ['quota', 'mail-limit', 550, '5.4.5'],
      ['rate-limit', 'mail-limit', 421, '4.7.0'],
      ['policy', 'mail-limit', 554, '5.7.1'],
      ['too-big', 'mail-limit', 552, '5.3.4'],
    ] as const;
    for (const [fault, expected, status, reason] of cases) {
      const user = account();
      sandbox.state.injectFault(user, { kind: fault, times: 1 });
      sandbox.state.setPassword(user, 'app-password');
      const error = await failureOf(sender(user).send(outgoing('hr@company.sa', pdfOf(100), user)));
      expect({ fault, kind: error.kind, status: error.status, reason: error.reason }).toEqual({ fault, kind: expected, status, reason });
      expect(sandbox.state.account(user)?.messages).toHaveLength(0);
    }
  });

  it('a refused recipient → permanent with 5.1.1; the next message goes on the same connection', async () => {
    const user = account();
    sandbox.state.setPassword(user, 'app-password');
    sandbox.state.injectFault(user, { kind: 'recipient-refused', recipient: 'gone@company.sa' });
    const mailbox = sender(user);
    const error = await failureOf(mailbox.send(outgoing('gone@company.sa', pdfOf(100), user)));
    expect(error).toMatchObject({ kind: 'permanent', status: 550, reason: '5.1.1' });
    expect(error.message).toContain('gone@company.sa');
    await mailbox.send(outgoing('hr@company.sa', pdfOf(100), user));
    expect(sandbox.state.account(user)?.messages.map((m) => m.to[0])).toEqual(['hr@company.sa']);
    expect(sandbox.state.account(user)?.logins).toBe(1);
  });

  it('a connection cut in the middle of DATA → transient, nothing kept; the next send reconnects', async () => {
    const user = account();
    sandbox.state.setPassword(user, 'app-password');
    sandbox.state.injectFault(user, { kind: 'drop-mid-data', times: 1 });
    const mailbox = sender(user);
    const error = await failureOf(mailbox.send(outgoing('hr@company.sa', pdfOf(512 * 1024), user)));
    expect(error).toMatchObject({ kind: 'transient', status: 0 });
    expect(sandbox.state.account(user)?.messages).toHaveLength(0);
    await mailbox.send(outgoing('hr@company.sa', pdfOf(100), user));
    expect(sandbox.state.account(user)?.messages).toHaveLength(1);
  });

  it('refuses to connect to loopback under production rules: nothing reaches the server', async () => {
    const user = account();
    const error = await failureOf(sender(user, {}, PRODUCTION_NETWORK_RULES).send(outgoing('hr@company.sa', pdfOf(100), user)));
    expect(error).toMatchObject({ kind: 'credentials-refused', reason: 'address-not-allowed', status: 0 });
    expect(sandbox.state.account(user)).toBeUndefined();
  });

  it('does not trust the sandbox certificate unless told to', async () => {
    const user = account();
    const error = await failureOf(sender(user, {}, { allowPrivateAddresses: true }).send(outgoing('hr@company.sa', pdfOf(100), user)));
    expect(error).toMatchObject({ kind: 'transient', status: 0 });
    expect(error.message).toMatch(/certificate/i);
    expect(sandbox.state.account(user)).toBeUndefined();
  });

  it('a server that accepts and never answers → transient timeout, within the deadline', async () => {
    const sockets: Socket[] = [];
    const silent = createServer((socket) => {
      sockets.push(socket);
      socket.on('error', () => {});
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', () => resolve()));
    const address = silent.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      const user = account();
      const mailbox = createSmtpSender({
        settings: { host: '127.0.0.1', port, tls: 'tls', user, password: 'app-password' },
        rules,
        timeouts: { greetingMs: 200, socketMs: 200, totalMs: 400 },
      });
      senders.push(mailbox);
      const error = await failureOf(mailbox.send(outgoing('hr@company.sa', pdfOf(100), user)));
      expect(error).toMatchObject({ kind: 'transient', status: 0, reason: 'ETIMEDOUT' });
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});
