import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { BlockList, isIP } from 'node:net';
import type { TrustProxy } from '../config/env';

/**
 * The ranges behind TRUST_PROXY's names, as Fastify's proxy-addr reads them: a request id handed over by a
 * proxy is honoured exactly when that proxy's X-Forwarded-For would be.
 */
const NAMED_RANGES: Record<string, string[]> = {
  loopback: ['127.0.0.1/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

function addRange(list: BlockList, range: string) {
  const [address = '', prefix] = range.split('/');
  const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
  if (prefix === undefined) list.addAddress(address, family);
  else list.addSubnet(address, Number(prefix), family);
}

/** Whether a connection's peer is a proxy this server trusts (env.ts TrustProxy). */
export function trustedProxyMatcher(trustProxy: TrustProxy): (address: string | undefined) => boolean {
  if (trustProxy === false) return () => false;
  const list = new BlockList();
  for (const item of trustProxy.split(',').map((i) => i.trim())) {
    for (const range of NAMED_RANGES[item] ?? [item]) addRange(list, range);
  }
  return (address) => {
    if (!address) return false;
    // An IPv4 client on a dual-stack socket shows as ::ffff:a.b.c.d.
    const plain = address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
    const family = isIP(plain);
    return family !== 0 && list.check(plain, family === 6 ? 'ipv6' : 'ipv4');
  };
}

/** What an upstream proxy may hand over as a request id: letters, digits and . _ : - only, 8 to 128 of them. */
const WELL_FORMED = /^[A-Za-z0-9][A-Za-z0-9._:-]{7,127}$/;

/**
 * Fastify's genReqId. Its default (req-1, req-2, …) repeats on every server and after every restart, so a log
 * line could not be traced to its request; this is a random UUID, or the X-Request-Id a trusted proxy sent
 * (so the load balancer's log and ours share an id). A client's own header is ignored: it could forge another
 * request's id or write anything into the log.
 */
export function requestIdGenerator(trustProxy: TrustProxy): (req: IncomingMessage) => string {
  const fromTrustedProxy = trustedProxyMatcher(trustProxy);
  return (req) => {
    const incoming = req.headers['x-request-id'];
    if (typeof incoming === 'string' && WELL_FORMED.test(incoming) && fromTrustedProxy(req.socket?.remoteAddress)) return incoming;
    return randomUUID();
  };
}
