import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test-support/db';
import { parseEnv } from './config/env';
import type { DatabaseHandle } from './db/client';
import { administratorEmails } from './db/seed/seed';
import { provisionAdmin } from './runtime';

const open: DatabaseHandle[] = [];
const folders: string[] = [];
afterEach(async () => {
  for (const handle of open.splice(0)) await handle.close();
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

const newFolder = () => {
  const folder = mkdtempSync(join(tmpdir(), 'sira-admin-'));
  folders.push(folder);
  return folder;
};
const embedded = (dataDir: string, more: Record<string, string> = {}) => parseEnv({ DATA_DIR: dataDir, ...more }, 'server');

describe('the administrator at start (embedded mode)', () => {
  it('is generated once for a database without one, and a restored copy in a new folder keeps it without a second', async () => {
    const database = await createTestDatabase();
    open.push(database);
    const first = newFolder();
    const made = await provisionAdmin(embedded(first), database);
    expect(made).toMatchObject({ email: 'admin@sira.example', password: expect.any(String) });
    expect(JSON.parse(readFileSync(join(first, 'admin-credentials.json'), 'utf8'))).toEqual({
      email: made?.email,
      password: made?.password,
    });

    // The same folder again: the kept credentials, the password not shown again.
    expect(await provisionAdmin(embedded(first), database)).toEqual({
      email: 'admin@sira.example',
      password: undefined,
      credentialsFile: join(first, 'admin-credentials.json'),
    });

    // The database restored into a new folder, which has no credentials file.
    const restoredInto = newFolder();
    expect(await provisionAdmin(embedded(restoredInto), database)).toEqual({
      email: 'admin@sira.example',
      password: undefined,
      inDatabase: true,
    });
    expect(existsSync(join(restoredInto, 'admin-credentials.json'))).toBe(false);
    expect(await administratorEmails(database.db)).toEqual(['admin@sira.example']);
  });

  it('keeps the administrator of a database restored into a folder that was made for another', async () => {
    const database = await createTestDatabase();
    open.push(database);
    await provisionAdmin(embedded(newFolder(), { ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD: 'a-long-password' }), database);
    // A folder whose own database had its administrator generated: the restored database replaces that one.
    const other = newFolder();
    const otherDatabase = await createTestDatabase();
    open.push(otherDatabase);
    await provisionAdmin(embedded(other), otherDatabase);
    expect(await provisionAdmin(embedded(other), database)).toEqual({ email: 'owner@example.com', password: undefined, inDatabase: true });
    expect(await administratorEmails(database.db)).toEqual(['owner@example.com']);
  });

  it('still creates the one ADMIN_EMAIL and ADMIN_PASSWORD name, beside any other', async () => {
    const database = await createTestDatabase();
    open.push(database);
    await provisionAdmin(embedded(newFolder()), database);
    await provisionAdmin(embedded(newFolder(), { ADMIN_EMAIL: 'named@example.com', ADMIN_PASSWORD: 'a-long-password' }), database);
    expect(await administratorEmails(database.db)).toEqual(['admin@sira.example', 'named@example.com']);
  });
});
