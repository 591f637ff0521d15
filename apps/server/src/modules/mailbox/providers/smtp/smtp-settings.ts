import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * The SMTP settings a user gives for their own mailbox (integrations.md §D1), and where the server may go with
 * them. The host is the user's to choose, so it is also a way to make the server open a connection anywhere:
 * to the database, to a cloud metadata address, to a service on the private network (server-side request
 * forgery). So the name is checked, then resolved, and every address it resolves to must be public; the
 * connection is then made to the address that was checked — not to the name again, which a hostile DNS server
 * could answer differently the second time — with the name kept for TLS (SNI and the certificate check).
 */

/** 'tls': TLS from the first byte (port 465). 'starttls': plain greeting, then STARTTLS before anything else (587). */
export type SmtpTlsMode = 'tls' | 'starttls' | 'none';

export interface SmtpSettings {
  host: string;
  port: number;
  tls: SmtpTlsMode;
  /** The login, usually the full address. */
  user: string;
  /** The provider's app password (never the account's own password: the providers refuse it over SMTP). */
  password: string;
}

/**
 * Where the server may connect. Production: public addresses only, TLS always. Embedded mode and tests:
 * private and loopback addresses too, since the SMTP sandbox listens on this machine.
 */
export interface SmtpNetworkRules {
  allowPrivateAddresses: boolean;
  /**
   * The SMTP sandbox, when one stands in for the providers: its host name and its self-signed certificate.
   * The certificate is trusted for that host only, and that host alone may be used without TLS.
   */
  sandbox?: { host: string; certificate: string } | undefined;
}

export const PRODUCTION_NETWORK_RULES: SmtpNetworkRules = { allowPrivateAddresses: false };

/** What a settings check refuses, one code per rule so the form can say which field is wrong. */
export type SmtpSettingsProblem =
  | 'host-invalid'
  | 'port-invalid'
  | 'tls-required'
  | 'user-invalid'
  | 'password-missing'
  | 'host-not-found'
  | 'address-not-allowed';

export class SmtpSettingsError extends Error {
  constructor(
    readonly problem: SmtpSettingsProblem,
    message: string,
  ) {
    super(message);
    this.name = 'SmtpSettingsError';
  }
}

/**
 * Submission ports (465, 587), port 25 and 2525 that some providers offer besides, and the unprivileged
 * range. The other ports below 1024 are other services' (SSH, HTTP, the database's proxies), never a mail
 * provider's, and refusing them keeps the server from being used to knock on them.
 */
function portAllowed(port: number): boolean {
  if (!Number.isInteger(port) || port < 1 || port > 65535) return false;
  return port >= 1024 || port === 25 || port === 465 || port === 587;
}

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** RFC 1123 host names: letters, digits and hyphens in dot-separated labels, 253 characters at most; a top-level label is not all digits. */
export function isValidHostName(host: string): boolean {
  if (host.length === 0 || host.length > 253) return false;
  const labels = host.split('.');
  if (labels.length < 2) return false;
  if (!labels.every((label) => LABEL.test(label))) return false;
  return !/^\d+$/.test(labels[labels.length - 1] ?? '');
}

/** Lower case, no trailing dot, IPv6 brackets removed — what the user typed, made comparable. */
export function normalizeHost(host: string): string {
  return host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '');
}

/**
 * Addresses that are not the public internet (IANA special-purpose registries): this machine, private
 * networks, carrier-grade NAT, link-local (169.254.169.254 is the cloud metadata service), documentation and
 * benchmark ranges, multicast and reserved space; for IPv6 also unique-local and link-local.
 */
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');
}

/** The IPv4 address an IPv6 address carries inside it (mapped ::ffff:a.b.c.d, NAT64 64:ff9b::/96, 6to4 2002::/16). */
function embeddedIpv4(address: string): string | undefined {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:(?:0:)?|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1];
  const groups = expandIpv6(lower);
  if (!groups) return undefined;
  const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`;
  const [g0, g1, g2, g3, g4, g5, g6, g7] = groups as [number, number, number, number, number, number, number, number];
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0 && (g5 === 0xffff || g5 === 0)) {
    // ::ffff:x:y and the deprecated IPv4-compatible ::x:y (but not :: and ::1, which are IPv6's own).
    if (g5 === 0xffff || g6 !== 0) return v4(g6, g7);
  }
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return v4(g6, g7);
  if (g0 === 0x2002) return v4(g1, g2);
  return undefined;
}

function expandIpv6(address: string): number[] | undefined {
  let text = address;
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail?.[1]) {
    const [a, b, c, d] = tail[1].split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, -tail[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', rest] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = rest ? rest.split(':') : [];
  const missing = 8 - left.length - right.length;
  if (rest === undefined ? left.length !== 8 : missing < 0) return undefined;
  const groups = [...left, ...Array<string>(rest === undefined ? 0 : missing).fill('0'), ...right].map((g) => Number.parseInt(g, 16));
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : undefined;
}

/** Whether an address is on the public internet (false for loopback, private, link-local, reserved…). */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !NOT_PUBLIC.check(address, 'ipv4');
  if (family !== 6) return false;
  const inner = embeddedIpv4(address);
  if (inner !== undefined) return isPublicAddress(inner);
  return !NOT_PUBLIC.check(address, 'ipv6');
}

const isLoopback = (address: string) => address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');

export interface ResolvedSmtpTarget {
  settings: SmtpSettings;
  /** The checked address to connect to (never the name again). */
  address: string;
  /** The name TLS checks the certificate against; undefined when the user gave an address. */
  servername: string | undefined;
  /** The sandbox's certificate when the target is the sandbox; the public CAs otherwise. */
  ca: string | undefined;
}

/** The checks that need no network: form, port, TLS, login. Returns the settings normalised. */
export function checkSmtpSettings(input: SmtpSettings, rules: SmtpNetworkRules): SmtpSettings {
  const host = normalizeHost(input.host);
  const sandboxHost = rules.sandbox ? normalizeHost(rules.sandbox.host) : undefined;
  const isSandbox = sandboxHost !== undefined && host === sandboxHost;
  if (!isSandbox && !isIP(host) && !isValidHostName(host)) {
    throw new SmtpSettingsError('host-invalid', `not a host name: ${JSON.stringify(input.host.slice(0, 100))}`);
  }
  if (!portAllowed(input.port)) throw new SmtpSettingsError('port-invalid', `port ${input.port} is not a mail port`);
  // The app password crosses the network in the AUTH command: without TLS anyone on the path reads it.
  if (input.tls === 'none' && !isSandbox) throw new SmtpSettingsError('tls-required', 'SMTP without TLS is refused');
  if (input.tls !== 'tls' && input.tls !== 'starttls' && input.tls !== 'none') {
    throw new SmtpSettingsError('tls-required', `unknown TLS mode ${JSON.stringify(input.tls)}`);
  }
  const user = input.user.trim();
  if (user.length === 0 || user.length > 320 || /[\r\n\0]/.test(user))
    throw new SmtpSettingsError('user-invalid', 'the login is empty or invalid');
  if (input.password.length === 0 || input.password.length > 1024 || /[\r\n\0]/.test(input.password)) {
    throw new SmtpSettingsError('password-missing', 'the app password is empty or invalid');
  }
  return { host, port: input.port, tls: input.tls, user, password: input.password };
}

export type Resolver = (host: string) => Promise<string[]>;

const systemResolver: Resolver = async (host) => (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

/**
 * The settings checked, the host resolved, and every address it has checked: a name with one public and one
 * private address is refused, since the connection may go to either. Throws SmtpSettingsError.
 */
export async function resolveSmtpTarget(
  input: SmtpSettings,
  rules: SmtpNetworkRules,
  resolve: Resolver = systemResolver,
): Promise<ResolvedSmtpTarget> {
  const settings = checkSmtpSettings(input, rules);
  const isSandbox = rules.sandbox !== undefined && settings.host === normalizeHost(rules.sandbox.host);
  let addresses: string[];
  if (isIP(settings.host)) {
    addresses = [settings.host];
  } else {
    try {
      addresses = await resolve(settings.host);
    } catch {
      addresses = [];
    }
    if (addresses.length === 0) throw new SmtpSettingsError('host-not-found', `${settings.host} has no address`);
  }
  if (!isSandbox && !rules.allowPrivateAddresses) {
    const refused = addresses.find((a) => !isPublicAddress(a));
    if (refused) throw new SmtpSettingsError('address-not-allowed', `${settings.host} resolves to ${refused}, not a public address`);
  }
  // Plaintext to the sandbox only while it is on this machine: the password then never crosses a network.
  const [address] = addresses as [string];
  if (settings.tls === 'none' && !isLoopback(address)) throw new SmtpSettingsError('tls-required', 'SMTP without TLS is refused');
  return {
    settings,
    address,
    servername: isIP(settings.host) ? undefined : settings.host,
    ca: isSandbox ? rules.sandbox?.certificate : undefined,
  };
}
