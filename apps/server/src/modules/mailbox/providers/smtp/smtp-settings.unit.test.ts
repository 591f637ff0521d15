import { describe, expect, it } from 'vitest';
import {
  checkSmtpSettings,
  isPublicAddress,
  isValidHostName,
  PRODUCTION_NETWORK_RULES,
  resolveSmtpTarget,
  type SmtpSettings,
  SmtpSettingsError,
} from './smtp-settings';

/** The settings a user gives, and where the server refuses to go with them (integrations.md §D1). */

const settings = (over: Partial<SmtpSettings> = {}): SmtpSettings => ({
  host: 'smtp.mail.yahoo.com',
  port: 465,
  tls: 'tls',
  user: 'someone@yahoo.com',
  password: 'abcd efgh ijkl mnop',
  ...over,
});

const problemOf = async (run: () => unknown): Promise<string> => {
  try {
    await run();
  } catch (error) {
    if (error instanceof SmtpSettingsError) return error.problem;
    throw error;
  }
  return 'none';
};

const resolvingTo =
  (...addresses: string[]) =>
  async () =>
    addresses;

describe('checkSmtpSettings', () => {
  it('accepts a provider host, normalises case and the trailing dot', () => {
    expect(checkSmtpSettings(settings({ host: ' SMTP.Mail.Yahoo.com. ' }), PRODUCTION_NETWORK_RULES).host).toBe('smtp.mail.yahoo.com');
  });

  it('refuses what is not a host name', async () => {
    for (const host of [
      '',
      'localhost',
      'smtp',
      'smtp..yahoo.com',
      '-smtp.yahoo.com',
      'smtp_mail.yahoo.com',
      'smtp.yahoo.com:25',
      `${'a'.repeat(64)}.com`,
      'smtp.123',
    ]) {
      expect(await problemOf(() => checkSmtpSettings(settings({ host }), PRODUCTION_NETWORK_RULES)), host).toBe('host-invalid');
    }
    expect(isValidHostName('smtp.zoho.sa')).toBe(true);
  });

  it('takes submission ports and the unprivileged range, not other services’ ports', async () => {
    for (const port of [25, 465, 587, 2525, 1025])
      expect(await problemOf(() => checkSmtpSettings(settings({ port }), PRODUCTION_NETWORK_RULES))).toBe('none');
    for (const port of [0, 22, 80, 443, 5432.5, 65536, -1]) {
      expect(await problemOf(() => checkSmtpSettings(settings({ port }), PRODUCTION_NETWORK_RULES)), String(port)).toBe('port-invalid');
    }
  });

  it('refuses SMTP without TLS except to the sandbox', async () => {
    expect(await problemOf(() => checkSmtpSettings(settings({ tls: 'none' }), PRODUCTION_NETWORK_RULES))).toBe('tls-required');
    const rules = { allowPrivateAddresses: true, sandbox: { host: '127.0.0.1', certificate: 'PEM' } };
    expect(await problemOf(() => checkSmtpSettings(settings({ host: '127.0.0.1', tls: 'none' }), rules))).toBe('none');
    expect(await problemOf(() => checkSmtpSettings(settings({ tls: 'none' }), rules))).toBe('tls-required');
  });

  it('refuses an empty login or password, and line breaks that would split an SMTP command', async () => {
    expect(await problemOf(() => checkSmtpSettings(settings({ user: ' ' }), PRODUCTION_NETWORK_RULES))).toBe('user-invalid');
    expect(await problemOf(() => checkSmtpSettings(settings({ user: 'a@b.c\r\nRCPT TO:<x@y.z>' }), PRODUCTION_NETWORK_RULES))).toBe(
      'user-invalid',
    );
    expect(await problemOf(() => checkSmtpSettings(settings({ password: '' }), PRODUCTION_NETWORK_RULES))).toBe('password-missing');
  });
});

describe('isPublicAddress', () => {
  it('refuses loopback, private, link-local, metadata, CGNAT, multicast and reserved addresses', () => {
    for (const address of [
      '127.0.0.1',
      '127.5.5.5',
      '10.0.0.8',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:10.0.0.1',
      '64:ff9b::a9fe:a9fe',
      '2002:c0a8:0101::1',
      'not an address',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it('accepts public addresses', () => {
    for (const address of ['98.136.96.91', '17.57.152.5', '172.32.0.1', '2a00:1450:4001:80b::201a', '::ffff:8.8.8.8']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });
});

describe('resolveSmtpTarget', () => {
  it('connects to the checked address and keeps the name for TLS', async () => {
    const target = await resolveSmtpTarget(settings(), PRODUCTION_NETWORK_RULES, resolvingTo('98.136.96.91'));
    expect(target).toMatchObject({ address: '98.136.96.91', servername: 'smtp.mail.yahoo.com', ca: undefined });
  });

  it('refuses a name that resolves to loopback or a private network in production', async () => {
    expect(await problemOf(() => resolveSmtpTarget(settings(), PRODUCTION_NETWORK_RULES, resolvingTo('127.0.0.1')))).toBe(
      'address-not-allowed',
    );
    expect(await problemOf(() => resolveSmtpTarget(settings(), PRODUCTION_NETWORK_RULES, resolvingTo('10.1.2.3')))).toBe(
      'address-not-allowed',
    );
    expect(await problemOf(() => resolveSmtpTarget(settings(), PRODUCTION_NETWORK_RULES, resolvingTo('169.254.169.254')))).toBe(
      'address-not-allowed',
    );
  });

  it('refuses a name with one public and one private address (the connection could take either)', async () => {
    expect(
      await problemOf(() => resolveSmtpTarget(settings(), PRODUCTION_NETWORK_RULES, resolvingTo('98.136.96.91', '192.168.0.10'))),
    ).toBe('address-not-allowed');
  });

  it('refuses loopback and private address literals in production', async () => {
    for (const host of ['127.0.0.1', '10.0.0.1', '::1', '[::ffff:127.0.0.1]']) {
      expect(await problemOf(() => resolveSmtpTarget(settings({ host }), PRODUCTION_NETWORK_RULES, resolvingTo())), host).toBe(
        'address-not-allowed',
      );
    }
  });

  it('allows them when the mode allows private addresses (embedded mode, tests)', async () => {
    const target = await resolveSmtpTarget(
      settings({ host: 'mail.internal.example' }),
      { allowPrivateAddresses: true },
      resolvingTo('10.1.2.3'),
    );
    expect(target.address).toBe('10.1.2.3');
  });

  it('allows the sandbox host even in production rules, trusts its certificate for it only', async () => {
    const rules = { allowPrivateAddresses: false, sandbox: { host: 'smtp-sandbox.internal', certificate: 'SANDBOX PEM' } };
    const sandbox = await resolveSmtpTarget(settings({ host: 'smtp-sandbox.internal' }), rules, resolvingTo('10.9.9.9'));
    expect(sandbox).toMatchObject({ address: '10.9.9.9', ca: 'SANDBOX PEM' });
    const other = await resolveSmtpTarget(settings(), rules, resolvingTo('98.136.96.91'));
    expect(other.ca).toBeUndefined();
    // Plaintext only while the sandbox is on this machine: elsewhere the password would cross a network.
    expect(
      await problemOf(() => resolveSmtpTarget(settings({ host: 'smtp-sandbox.internal', tls: 'none' }), rules, resolvingTo('10.9.9.9'))),
    ).toBe('tls-required');
  });

  it('says when the host has no address', async () => {
    expect(await problemOf(() => resolveSmtpTarget(settings(), PRODUCTION_NETWORK_RULES, resolvingTo()))).toBe('host-not-found');
    const failing = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    };
    expect(await problemOf(() => resolveSmtpTarget(settings(), PRODUCTION_NETWORK_RULES, failing))).toBe('host-not-found');
  });
});
