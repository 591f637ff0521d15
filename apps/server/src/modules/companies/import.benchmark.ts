import { performance } from 'node:perf_hooks';
import * as XLSX from '@e965/xlsx';
import { ADMIN_PACKAGE } from '@sira/shared';
import { EXCEL_HEADERS } from '@sira/shared/messages/companies-admin';
import { asc, eq, ne } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { packages, profiles } from '../../db/schema';
import { importCompanies } from './companies-import.service';

export interface ImportBenchmarkResult {
  rows: number;
  /** Size of the generated .xlsx. */
  bytes: number;
  /** Wall time of importCompanies: container checks, parsing, rules and the transaction. */
  ms: number;
  added: number;
}

/**
 * Generates an .xlsx of `rows` companies (all five columns, package names spread over the sellable
 * packages, fresh e-mails per run) and imports it through the real service. A bench runner opens a migrated,
 * seeded database with an administrator (ensureAdmin) and prints the figure; target ≤ 5 s for 50,000 rows
 * on PostgreSQL.
 */
export async function runImportBenchmark(db: Database, options: { rows?: number } = {}): Promise<ImportBenchmarkResult> {
  const rows = options.rows ?? 50_000;
  const [actor] = await db
    .select({ id: profiles.id, email: profiles.email })
    .from(profiles)
    .innerJoin(packages, eq(packages.id, profiles.packageId))
    .where(eq(packages.name, ADMIN_PACKAGE))
    .limit(1);
  if (!actor) throw new Error('runImportBenchmark needs an administrator profile (run ensureAdmin first)');
  const names = (
    await db.select({ name: packages.name }).from(packages).where(ne(packages.name, ADMIN_PACKAGE)).orderBy(asc(packages.price))
  ).map((p) => p.name);

  const run = Date.now().toString(36);
  const sheet: string[][] = [
    [EXCEL_HEADERS.name, EXCEL_HEADERS.email, EXCEL_HEADERS.sector, EXCEL_HEADERS.location, EXCEL_HEADERS.package],
  ];
  for (let i = 0; i < rows; i++) {
    sheet.push([
      `شركة القياس ${i}`,
      `bench.${run}.${i}@bench.example`,
      'تقنية المعلومات',
      i % 2 ? 'الرياض' : 'جدة',
      names[i % names.length] ?? '',
    ]);
  }
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(sheet), 'companies');
  const buffer = XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;

  const started = performance.now();
  const result = await importCompanies(db, { actor, filename: `bench-${run}.xlsx`, buffer, defaultPackageId: null });
  const ms = Math.round(performance.now() - started);
  return { rows, bytes: buffer.length, ms, added: result.added };
}
