import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { isFromThisMachine } from './this-machine-only';

const request = (ip: string, socket: { localAddress?: string; remoteAddress?: string }) => ({ ip, socket }) as unknown as FastifyRequest;

describe('sandboxes answer this machine only', () => {
  it('takes loopback in every spelling', () => {
    for (const ip of ['127.0.0.1', '127.3.4.5', '::1', '::ffff:127.0.0.1'])
      expect(isFromThisMachine(request(ip, { remoteAddress: ip, localAddress: '127.0.0.1' })), ip).toBe(true);
  });

  it('takes the server calling its own network address (PUBLIC_BASE_URL on a LAN address)', () => {
    expect(isFromThisMachine(request('192.168.1.5', { localAddress: '192.168.1.5', remoteAddress: '192.168.1.5' }))).toBe(true);
  });

  it('refuses another machine, also when a trusted proxy on this machine forwards it', () => {
    expect(isFromThisMachine(request('192.168.1.9', { localAddress: '192.168.1.5', remoteAddress: '192.168.1.9' }))).toBe(false);
    // Behind a proxy on loopback, request.ip is the browser's address from X-Forwarded-For.
    expect(isFromThisMachine(request('192.168.1.9', { localAddress: '127.0.0.1', remoteAddress: '127.0.0.1' }))).toBe(false);
    expect(isFromThisMachine(request('', {}))).toBe(false);
  });

  it('is not fooled by a network client writing 127.0.0.1 into X-Forwarded-For (TRUST_PROXY=true trusts private ranges)', () => {
    expect(isFromThisMachine(request('127.0.0.1', { localAddress: '192.168.1.5', remoteAddress: '192.168.1.9' }))).toBe(false);
  });
});
