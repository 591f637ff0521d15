import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmtpMailboxSandbox, startSmtpMailboxSandbox } from '../../../../sandbox/smtp';
import { PRODUCTION_NETWORK_RULES, type SmtpNetworkRules, type SmtpSettings } from './smtp-settings';
import { testSmtpConnection } from './smtp-test';

/** "Test connection" against the sandbox and against servers that misbehave, over real sockets (integrations.md §D2). */

let sandbox: SmtpMailboxSandbox;
let rules: SmtpNetworkRules;
let n = 0;
const account = () => `tester${++n}@zoho.com`;

beforeAll(async () => {
  sandbox = await startSmtpMailboxSandbox();
  rules = { allowPrivateAddresses: false, sandbox: { host: '127.0.0.1', certificate: sandbox.certificate } };
});
afterAll(async () => {
  await sandbox.close();
});

const settings = (over: Partial<SmtpSettings> = {}): SmtpSettings => ({
  host: '127.0.0.1',
  port: sandbox.tlsPort,
  tls: 'tls',
  user: account(),
  password: 'app-password',
  ...over,
});

/** A TCP server that accepts and then says nothing: what a firewall that swallows the greeting looks like. */
async function silentServer(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A port nothing listens on: one the system just gave out and took back. */
async function closedPort(): Promise<number> {
  const server = await silentServer();
  await server.close();
  return server.port;
}

describe('testSmtpConnection', () => {
  it('logs in over implicit TLS and over STARTTLS, then quits without sending anything', async () => {
    const user = account();
    expect(await testSmtpConnection({ settings: settings({ user }), rules })).toEqual({ ok: true });
    expect(await testSmtpConnection({ settings: settings({ user, port: sandbox.starttlsPort, tls: 'starttls' }), rules })).toEqual({
      ok: true,
    });
    expect(sandbox.state.account(user)).toMatchObject({ logins: 2, transactions: 0, messages: [] });
  });

  it('auth refused: a wrong app password, or the provider refusing the login', async () => {
    const user = account();
    sandbox.state.setPassword(user, 'the-right-one');
    expect(await testSmtpConnection({ settings: settings({ user }), rules })).toMatchObject({
      ok: false,
      code: 'auth-refused',
      detail: expect.stringContaining('5.7.8'),
    });
    sandbox.state.injectFault(user, { kind: 'auth-refused', times: 1 });
    expect(await testSmtpConnection({ settings: settings({ user, password: 'the-right-one' }), rules })).toMatchObject({
      code: 'auth-refused',
    });
    expect(sandbox.state.account(user)).toMatchObject({ logins: 0, transactions: 0 });
  });

  it('host not found', async () => {
    const outcome = await testSmtpConnection({ settings: settings({ host: 'smtp.nowhere.example' }), rules, resolve: async () => [] });
    expect(outcome).toMatchObject({ ok: false, code: 'host-not-found' });
  });

  it('connection refused', async () => {
    expect(await testSmtpConnection({ settings: settings({ port: await closedPort() }), rules })).toMatchObject({
      ok: false,
      code: 'connection-refused',
    });
  });

  it('TLS failures: TLS on the STARTTLS port, and a certificate nobody vouches for', async () => {
    expect(await testSmtpConnection({ settings: settings({ port: sandbox.starttlsPort }), rules })).toMatchObject({
      ok: false,
      code: 'tls-failed',
    });
    const untrusted = await testSmtpConnection({ settings: settings(), rules: { allowPrivateAddresses: true } });
    expect(untrusted).toMatchObject({ ok: false, code: 'tls-failed', detail: expect.stringMatching(/certificate/i) });
  });

  it('the server wants STARTTLS before the login when the settings say no TLS', async () => {
    const outcome = await testSmtpConnection({ settings: settings({ port: sandbox.starttlsPort, tls: 'none' }), rules });
    expect(outcome).toMatchObject({ ok: false, code: 'tls-required-by-server' });
  });

  it('timeout: connected, but no greeting (STARTTLS) or no TLS handshake (implicit TLS) comes', async () => {
    const silent = await silentServer();
    const timeouts = { greetingMs: 200, socketMs: 200, totalMs: 400 };
    try {
      for (const tls of ['starttls', 'tls'] as const) {
        const outcome = await testSmtpConnection({ settings: settings({ port: silent.port, tls }), rules, timeouts });
        expect(outcome, tls).toMatchObject({ ok: false, code: 'timeout' });
      }
    } finally {
      await silent.close();
    }
  });

  it('refuses loopback and private targets outside the sandbox rules, before any connection', async () => {
    const user = account();
    expect(await testSmtpConnection({ settings: settings({ user }), rules: PRODUCTION_NETWORK_RULES })).toMatchObject({
      ok: false,
      code: 'address-not-allowed',
    });
    const internal = await testSmtpConnection({
      settings: settings({ host: 'mail.corp.example' }),
      rules: PRODUCTION_NETWORK_RULES,
      resolve: async () => ['192.168.1.20'],
    });
    expect(internal).toMatchObject({ ok: false, code: 'address-not-allowed' });
    expect(sandbox.state.account(user)).toBeUndefined();
  });

  it('refuses settings that cannot be right before connecting', async () => {
    expect(await testSmtpConnection({ settings: settings({ host: 'smtp.mail.yahoo.com', tls: 'none' }), rules })).toMatchObject({
      code: 'tls-required',
    });
    expect(await testSmtpConnection({ settings: settings({ port: 22 }), rules })).toMatchObject({ code: 'port-invalid' });
  });
});
