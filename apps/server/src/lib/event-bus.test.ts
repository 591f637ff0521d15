import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { createLocalEventBus, createPostgresEventBus, type LiveEvent } from './event-bus';

const waitFor = async (check: () => boolean, ms = 3000) => {
  const deadline = Date.now() + ms;
  while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
};

describe('local event bus', () => {
  it('delivers to every subscriber until it unsubscribes', async () => {
    const bus = createLocalEventBus();
    const heard: LiveEvent[] = [];
    const off = bus.subscribe((e) => heard.push(e));
    bus.publish({ topic: 'sending', profileId: 'p1' });
    off();
    bus.publish({ topic: 'sending', profileId: 'p1' });
    expect(heard).toEqual([{ topic: 'sending', profileId: 'p1' }]);
    await bus.close();
  });
});

// Two processes (a worker and a web server) each hold a bus; an event published by one reaches both once.
describe.runIf(process.env.SIRA_TEST_DB === 'postgres' && process.env.TEST_DATABASE_URL)('PostgreSQL event bus', () => {
  it('carries events between buses through LISTEN/NOTIFY, once each, and ignores foreign payloads', async () => {
    const url = process.env.TEST_DATABASE_URL as string;
    const worker = await createPostgresEventBus(url);
    const server = await createPostgresEventBus(url);
    const atWorker: LiveEvent[] = [];
    const atServer: LiveEvent[] = [];
    worker.subscribe((e) => atWorker.push(e));
    server.subscribe((e) => atServer.push(e));
    try {
      worker.publish({ topic: 'billing', profileId: 'user-1' });
      await waitFor(() => atServer.length > 0 && atWorker.length > 0);
      await new Promise((r) => setTimeout(r, 100));
      expect(atServer).toEqual([{ topic: 'billing', profileId: 'user-1' }]);
      expect(atWorker).toEqual([{ topic: 'billing', profileId: 'user-1' }]);
    } finally {
      await worker.close();
      await server.close();
    }
  });

  it('after an outage longer than one try it keeps trying, connects again and tells subscribers to re-fetch', async () => {
    const url = new URL(process.env.TEST_DATABASE_URL as string);
    // A TCP proxy in front of PostgreSQL stands in for a database restart: while it is down it cuts every
    // connection and refuses new ones.
    let down = false;
    const sockets = new Set<net.Socket>();
    const proxy = net.createServer((inbound) => {
      if (down) return inbound.destroy();
      const outbound = net.connect(Number(url.port || 5432), url.hostname);
      for (const s of [inbound, outbound]) {
        sockets.add(s);
        s.on('close', () => sockets.delete(s));
        s.on('error', () => undefined);
      }
      inbound.pipe(outbound).pipe(inbound);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const proxied = new URL(url);
    proxied.hostname = '127.0.0.1';
    proxied.port = String((proxy.address() as net.AddressInfo).port);

    const errors: unknown[] = [];
    const bus = await createPostgresEventBus(proxied.toString(), (error) => errors.push(error), { retryMs: 100 });
    const other = await createPostgresEventBus(url.toString());
    const heard: LiveEvent[] = [];
    let gaps = 0;
    let gapsElsewhere = 0;
    bus.subscribe((e) => heard.push(e));
    bus.onGap(() => gaps++);
    // A process whose own connection never dropped (the web server, when the worker's did) hears it too.
    other.onGap(() => gapsElsewhere++);
    try {
      down = true;
      for (const s of sockets) s.destroy();
      // Several tries fail meanwhile.
      await new Promise((r) => setTimeout(r, 600));
      other.publish({ topic: 'sending', profileId: 'missed' });
      expect(gaps).toBe(0);
      down = false;
      await waitFor(() => gaps > 0 && gapsElsewhere > 0, 5000);
      expect([gaps, gapsElsewhere]).toEqual([1, 1]);
      expect(errors.length).toBeGreaterThan(2);
      // Connected again: events flow both ways.
      other.publish({ topic: 'profile', profileId: 'after' });
      bus.publish({ topic: 'billing', profileId: 'from-the-reconnected' });
      await waitFor(() => heard.length >= 2, 5000);
      expect(heard).toEqual(
        expect.arrayContaining([
          { topic: 'profile', profileId: 'after' },
          { topic: 'billing', profileId: 'from-the-reconnected' },
        ]),
      );
      expect(heard).not.toContainEqual({ topic: 'sending', profileId: 'missed' });
    } finally {
      await bus.close();
      await other.close();
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => proxy.close(resolve));
    }
  });
});
