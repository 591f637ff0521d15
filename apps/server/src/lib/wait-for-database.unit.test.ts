import { describe, expect, it } from 'vitest';
import { DatabaseConnectionError } from '../db/connection-error';
import { retryDelayMs, unlessAborted, WAITING_FOR_DATABASE, waitForDatabase } from './wait-for-database';

const refused = () =>
  new DatabaseConnectionError(
    'Cannot connect to PostgreSQL at sira@db:5432/sira: connection refused',
    'ECONNREFUSED',
    Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
  );

function recordingLog() {
  const records: Array<[string, string, Record<string, unknown>]> = [];
  const at = (level: string) => (fields: object, message: string) => {
    records.push([level, message, fields as Record<string, unknown>]);
  };
  return { log: { warn: at('warn'), info: at('info'), debug: at('debug') }, records };
}

describe('waiting for the database at start', () => {
  it('waits 1 s, then twice as long each time, never more than 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map((failures) => retryDelayMs(failures))).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });

  it('tries again while the database cannot be reached, saying so once at warn, and once at info when through', async () => {
    const { log, records } = recordingLog();
    let tries = 0;
    const result = await waitForDatabase(
      async () => {
        tries++;
        if (tries < 4) throw refused();
        return 'prepared';
      },
      { log, signal: new AbortController().signal, firstDelayMs: 1, maxDelayMs: 2 },
    );
    expect(result).toBe('prepared');
    expect(tries).toBe(4);
    expect(records.map(([level, message]) => [level, message])).toEqual([
      ['warn', WAITING_FOR_DATABASE],
      ['debug', 'database still out of reach'],
      ['debug', 'database still out of reach'],
      ['info', 'database reachable: starting'],
    ]);
    expect(records[0]?.[2]).toEqual({ reason: 'Cannot connect to PostgreSQL at sira@db:5432/sira: connection refused', retryInMs: 1 });
    expect(records[3]?.[2]).toMatchObject({ attempts: 4 });
  });

  it('stops at once on what waiting cannot mend: a wrong password, a missing database', async () => {
    for (const code of ['28P01', '3D000']) {
      const { log, records } = recordingLog();
      let tries = 0;
      const failure = new DatabaseConnectionError(
        'Cannot connect to PostgreSQL at sira@db:5432/sira: …',
        code,
        Object.assign(new Error('x'), { code }),
      );
      await expect(
        waitForDatabase(
          async () => {
            tries++;
            throw failure;
          },
          { log, signal: new AbortController().signal, firstDelayMs: 1 },
        ),
      ).rejects.toBe(failure);
      expect(tries).toBe(1);
      expect(records).toEqual([]);
    }
  });

  it('a stop ends the wait, and abandons a connection attempt that hangs', async () => {
    const stopping = new AbortController();
    const { log } = recordingLog();
    // Told to stop as soon as it says it waits: the minute's delay before its next try is cut short.
    const waiting = waitForDatabase(
      async () => {
        throw refused();
      },
      { log: { ...log, warn: () => stopping.abort() }, signal: stopping.signal, firstDelayMs: 60_000 },
    );
    await expect(waiting).rejects.toMatchObject({ name: 'AbortError' });

    const hanging = new Promise<void>(() => undefined);
    const again = new AbortController();
    const abandoned = unlessAborted(hanging, again.signal);
    again.abort();
    await expect(abandoned).rejects.toMatchObject({ name: 'AbortError' });
    await expect(unlessAborted(Promise.resolve(7), new AbortController().signal)).resolves.toBe(7);
  });
});
