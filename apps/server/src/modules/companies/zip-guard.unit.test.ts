import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkXlsxContainer } from './zip-guard';

const MB = 1024 * 1024;
const real = readFileSync(new URL('./fixtures/companies.xlsx', import.meta.url));
const endRecordOf = (zip: Buffer) => zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));

describe('the .xlsx container guard', () => {
  it('accepts a real workbook', async () => {
    expect(await checkXlsxContainer(real, 100 * MB)).toBeNull();
  });

  it('refuses a file whose end record the spreadsheet library would find elsewhere than the guard does', async () => {
    // A second, truncated end record in the last 20 bytes (inside the real one's comment): SheetJS searches from
    // four bytes before the end and would read the directory it points to, one this guard never checked.
    const fake = Buffer.alloc(20);
    fake.writeUInt32LE(0x06054b50, 0);
    fake.writeUInt16LE(1, 8);
    fake.writeUInt16LE(1, 10);
    fake.writeUInt32LE(0, 16);
    const crafted = Buffer.concat([real, fake]);
    crafted.writeUInt16LE(fake.length, endRecordOf(real) + 20);
    expect(await checkXlsxContainer(crafted, 100 * MB)).toBe('not-zip');
  });

  it('refuses ZIP64 end values, which the library ignores while a proper reader follows them', async () => {
    const zip64 = Buffer.from(real);
    zip64.writeUInt16LE(0xffff, endRecordOf(zip64) + 10);
    expect(await checkXlsxContainer(zip64, 100 * MB)).toBe('not-zip');
  });
});
