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
});
