import { billingTexts } from '@sira/shared/messages/billing';
import { deliveryStatusText, jobStatusText } from '@sira/shared/messages/sending';
import type { DataExport } from '@sira/shared/schemas/my-data';
import { and, asc, desc, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../../db/client';
import {
  dataExportFiles,
  dataExports,
  deliveries,
  excelFiles,
  invoices,
  jobAds,
  packages,
  profiles,
  resumeFiles,
  resumes,
  sendJobs,
  user,
  userCompanies,
  userMailboxes,
} from '../../../db/schema';
import { AppError } from '../../../lib/errors';
import { consumeRateLimits } from '../../../lib/rate-limit';
import { invoiceOutcome } from '../../billing/invoice-outcome';
import { csvHeader, csvLine } from './csv';
import { ExportArchive } from './export-archive';

/** How long a ready archive can be downloaded; then it is deleted (ADR 015). */
export const EXPORT_TTL_MS = 24 * 60 * 60_000;
/** A build that has not finished by then (its process died) is taken up again by another worker. */
const EXPORT_LEASE = '5 minutes';
/** Deliveries are read this many at a time; the progress moves after each page. */
const DELIVERY_PAGE = 2_000;

type ExportRow = typeof dataExports.$inferSelect;

const toView = (row: ExportRow): DataExport => ({
  id: row.id,
  status: row.status as DataExport['status'],
  done: row.done,
  total: row.total,
  sizeBytes: row.sizeBytes,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt?.toISOString() ?? null,
});

/** The newest export request of this user that has not expired (a failed one shows until a new one is asked). */
export async function latestExport(db: Database, profileId: string): Promise<DataExport | null> {
  const [row] = await db
    .select()
    .from(dataExports)
    .where(eq(dataExports.profileId, profileId))
    .orderBy(desc(dataExports.createdAt))
    .limit(1);
  if (!row || (row.expiresAt && row.expiresAt.getTime() <= Date.now())) return null;
  return toView(row);
}

/**
 * Asks for a new copy. One at a time: while one is waiting or being made, that one is answered. Limited to
 * 10 an hour per user, since each reads all of the user's rows.
 */
export async function requestExport(db: Database, profileId: string): Promise<{ export: DataExport; created: boolean }> {
  const [inFlight] = await db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.profileId, profileId), inArray(dataExports.status, ['pending', 'running'])))
    .limit(1);
  if (inFlight) return { export: toView(inFlight), created: false };
  await consumeRateLimits(db, [{ key: `my-data:export:${profileId}`, max: 10, windowSeconds: 3600 }]);
  const [row] = await db.insert(dataExports).values({ profileId }).returning();
  if (!row) throw new Error('data export row not inserted');
  return { export: toView(row), created: true };
}

/** The archive, for its owner only, while it has not expired. */
export async function exportFile(db: Database, profileId: string, exportId: string): Promise<{ bytes: Buffer; createdAt: Date }> {
  const [row] = await db
    .select({ bytes: dataExportFiles.bytes, createdAt: dataExports.createdAt })
    .from(dataExports)
    .innerJoin(dataExportFiles, eq(dataExportFiles.exportId, dataExports.id))
    .where(
      and(
        eq(dataExports.id, exportId),
        eq(dataExports.profileId, profileId),
        eq(dataExports.status, 'ready'),
        gt(dataExports.expiresAt, sql`now()`),
      ),
    );
  if (!row) throw new AppError(404, 'EXPORT_NOT_FOUND');
  return row;
}

/** Takes the oldest waiting request (or one whose build died), leased to this worker. */
export async function claimExport(db: Database): Promise<{ id: string; profileId: string } | undefined> {
  const [claimed] = rowsOf<{ id: string; profileId: string }>(
    await db.execute(sql`
      update data_exports set status = 'running', done = 0, lease_expires_at = now() + interval '${sql.raw(EXPORT_LEASE)}'
      where id = (
        select id from data_exports
        where status = 'pending' or (status = 'running' and lease_expires_at < now())
        order by created_at limit 1
        for update skip locked)
      returning id, profile_id as "profileId"`),
  );
  return claimed;
}

/**
 * Builds the archive of one claimed request and stores it: profile.csv, invoices.csv, jobs.csv,
 * deliveries.csv (one row per company the CV went to), the user's own companies, their uploads and the job
 * ads applied to (ADR 029), and the CV files under cvs/. Progress (rows and files
 * written of the total) is saved after each part, so the page can show it.
 */
export async function buildExport(db: Database, claim: { id: string; profileId: string }, now: () => Date = () => new Date()) {
  const profileId = claim.profileId;
  const [profile] = await db
    .select({
      email: profiles.email,
      phone: profiles.phoneNumber,
      fullName: profiles.fullName,
      fullNameEn: profiles.fullNameEn,
      packageName: packages.name,
      messagesRemaining: profiles.messagesRemaining,
      sentMessages: profiles.sentMessages,
      createdAt: profiles.createdAt,
      emailVerified: user.emailVerified,
    })
    .from(profiles)
    .innerJoin(packages, eq(packages.id, profiles.packageId))
    .innerJoin(user, eq(user.id, profiles.id))
    .where(eq(profiles.id, profileId));
  if (!profile) throw new Error('export of a profile that no longer exists');
  const [linkedMailboxes, invoiceRows, jobRows, cvRows, [deliveryCount], ownRows, ownUploads, adRows] = await Promise.all([
    db
      .select({
        provider: userMailboxes.provider,
        email: userMailboxes.email,
        linkedAt: userMailboxes.createdAt,
        smtpHost: userMailboxes.smtpHost,
      })
      .from(userMailboxes)
      .where(and(eq(userMailboxes.profileId, profileId), isNotNull(userMailboxes.credential)))
      .orderBy(asc(userMailboxes.createdAt)),
    db
      .select({
        orderNumber: invoices.orderNumber,
        packageName: packages.name,
        amount: invoices.amount,
        messages: invoices.messages,
        status: invoices.status,
        gatewayStatus: invoices.gatewayStatus,
        gatewayTxnId: invoices.gatewayTxnId,
        createdAt: invoices.createdAt,
        completedAt: invoices.completedAt,
      })
      .from(invoices)
      .leftJoin(packages, eq(packages.id, invoices.packageId))
      .where(eq(invoices.profileId, profileId))
      .orderBy(asc(invoices.createdAt)),
    db.select().from(sendJobs).where(eq(sendJobs.profileId, profileId)).orderBy(asc(sendJobs.createdAt)),
    db
      .select({ path: resumes.path, originalName: resumes.originalName, createdAt: resumes.createdAt })
      .from(resumes)
      .where(eq(resumes.profileId, profileId))
      .orderBy(asc(resumes.createdAt)),
    db.select({ n: sql<number>`count(*)::int` }).from(deliveries).where(eq(deliveries.profileId, profileId)),
    // A list holds 5,000 rows at most (OWN_LIST_MAX_ROWS): read at once.
    db.select().from(userCompanies).where(eq(userCompanies.profileId, profileId)).orderBy(asc(userCompanies.name), asc(userCompanies.id)),
    db
      .select()
      .from(excelFiles)
      .where(and(eq(excelFiles.profileId, profileId), eq(excelFiles.scope, 'own_list')))
      .orderBy(asc(excelFiles.createdAt)),
    db.select().from(jobAds).where(eq(jobAds.profileId, profileId)).orderBy(asc(jobAds.createdAt)),
  ]);
  const total =
    1 + invoiceRows.length + jobRows.length + (deliveryCount?.n ?? 0) + ownRows.length + ownUploads.length + adRows.length + cvRows.length;
  let done = 0;
  const progress = async (step: number) => {
    done += step;
    await db.update(dataExports).set({ done, total }).where(eq(dataExports.id, claim.id));
  };

  const gmail = linkedMailboxes.find((m) => m.provider === 'gmail');
  const otherMailboxes = linkedMailboxes.filter((m) => m.provider !== 'gmail');
  const archive = new ExportArchive();
  const profileCsv = archive.textFile('الملف الشخصي.csv');
  profileCsv.write(csvHeader(['الحقل', 'القيمة']));
  for (const line of [
    ['البريد الإلكتروني', profile.email],
    ['البريد مؤكد', profile.emailVerified],
    ['رقم الجوال', profile.phone],
    ['الاسم الكامل', profile.fullName],
    ['الاسم بالإنجليزية', profile.fullNameEn],
    ['الباقة', profile.packageName],
    ['الرسائل المتبقية', profile.messagesRemaining],
    ['الرسائل المرسلة', profile.sentMessages],
    ['تاريخ التسجيل', profile.createdAt],
    ['حساب Gmail المرتبط', gmail?.email ?? null],
    ['تاريخ ربط Gmail', gmail?.linkedAt ?? null],
    // Every other mailbox linked (ADR 030): its address, when it was linked and, over SMTP, its server.
    ...otherMailboxes.flatMap((m) => [
      [`بريد ${m.provider === 'microsoft' ? 'Microsoft' : 'SMTP'} المرتبط`, m.email] as const,
      [`تاريخ ربط ${m.email}`, m.linkedAt] as const,
      ...(m.smtpHost ? [[`خادم SMTP لـ ${m.email}`, m.smtpHost] as const] : []),
    ]),
  ] as const) {
    profileCsv.write(csvLine(line));
  }
  profileCsv.end();
  await progress(1);

  const invoicesCsv = archive.textFile('الفواتير.csv');
  invoicesCsv.write(
    csvHeader([
      'رقم الطلب',
      'الباقة',
      'المبلغ (ريال)',
      'عدد الرسائل',
      'الحالة',
      'رقم العملية لدى Paylink',
      'تاريخ الإنشاء',
      'تاريخ الإتمام',
    ]),
  );
  for (const i of invoiceRows) {
    invoicesCsv.write(
      csvLine([
        i.orderNumber,
        i.packageName,
        i.amount,
        i.messages,
        // Said as the billing page says it: declined, cancelled or waiting, not one word for all three.
        billingTexts.outcome[invoiceOutcome(i.status, i.gatewayStatus)],
        i.gatewayTxnId,
        i.createdAt,
        i.completedAt,
      ]),
    );
  }
  invoicesCsv.end();
  await progress(invoiceRows.length);

  const jobsCsv = archive.textFile('طلبات الإرسال.csv');
  jobsCsv.write(
    csvHeader([
      'رقم الطلب',
      'الموضوع',
      'نص الرسالة',
      'اسم ملف السيرة',
      'اسم المتقدم',
      'الاسم بالإنجليزية',
      'الجوال',
      'الحالة',
      'عدد الشركات',
      'أُرسلت',
      'فشلت',
      'تاريخ الطلب',
      'تاريخ الانتهاء',
    ]),
  );
  for (const j of jobRows) {
    jobsCsv.write(
      csvLine([
        j.id,
        j.subject,
        j.content,
        j.resumeName,
        j.applicantName,
        j.applicantNameEn,
        j.applicantPhone,
        jobStatusText[j.status] ?? j.status,
        j.totalEmailsIntended,
        j.sentCount,
        j.failedCount,
        j.createdAt,
        j.completedAt,
      ]),
    );
  }
  jobsCsv.end();
  await progress(jobRows.length);

  const deliveriesCsv = archive.textFile('الشركات المرسل إليها.csv');
  deliveriesCsv.write(
    csvHeader([
      'رقم الطلب',
      'الشركة',
      'بريد الشركة',
      'القطاع',
      'المدينة',
      'الحالة',
      'المحاولات',
      'أُرسلت من',
      'تاريخ الإرسال',
      'سبب الفشل',
      'تاريخ الجدولة',
    ]),
  );
  // Job by job (the order of jobs.csv), each in keyset pages by id, so no page rereads the ones before it.
  for (const job of jobRows) {
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      const page = await db
        .select({
          id: deliveries.id,
          companyName: deliveries.companyName,
          recipientEmail: deliveries.recipientEmail,
          sector: deliveries.sector,
          location: deliveries.location,
          status: deliveries.status,
          attempts: deliveries.attempts,
          senderEmail: deliveries.senderEmail,
          sentAt: deliveries.sentAt,
          lastError: deliveries.lastError,
          createdAt: deliveries.createdAt,
        })
        .from(deliveries)
        .where(and(eq(deliveries.jobId, job.id), eq(deliveries.profileId, profileId), gt(deliveries.id, after)))
        .orderBy(asc(deliveries.id))
        .limit(DELIVERY_PAGE);
      if (page.length === 0) break;
      let text = '';
      for (const d of page) {
        text += csvLine([
          job.id,
          d.companyName,
          d.recipientEmail,
          d.sector,
          d.location,
          deliveryStatusText[d.status] ?? d.status,
          d.attempts,
          d.senderEmail,
          d.sentAt,
          // Users see the Arabic sentence only (architecture: "A delivery's reason").
          d.lastError?.split(' — ')[0] ?? null,
          d.createdAt,
        ]);
      }
      deliveriesCsv.write(text);
      after = (page[page.length - 1] as (typeof page)[number]).id;
      await progress(page.length);
      if (page.length < DELIVERY_PAGE) break;
    }
  }
  deliveriesCsv.end();

  const ownCsv = archive.textFile('قائمة شركاتي.csv');
  ownCsv.write(
    csvHeader(['الشركة', 'البريد الإلكتروني', 'القطاع', 'المدينة', 'اسم المسؤول', 'مرات تعذر التسليم', 'اقتراحها للدليل', 'تاريخ الإضافة']),
  );
  for (const c of ownRows) {
    ownCsv.write(
      csvLine([
        c.name,
        c.email,
        c.sector,
        c.location,
        c.contactName,
        c.hardFailures,
        c.suggestion ? suggestionText[c.suggestion as keyof typeof suggestionText] : null,
        c.createdAt,
      ]),
    );
  }
  ownCsv.end();
  await progress(ownRows.length);

  const uploadsCsv = archive.textFile('ملفات قائمة شركاتي.csv');
  uploadsCsv.write(csvHeader(['اسم الملف', 'أُضيفت', 'لم تُضف', 'تاريخ الرفع']));
  for (const f of ownUploads) uploadsCsv.write(csvLine([f.filename, f.rowsAdded, f.rowsSkipped, f.createdAt]));
  uploadsCsv.end();
  await progress(ownUploads.length);

  const adsCsv = archive.textFile('إعلانات الوظائف.csv');
  adsCsv.write(csvHeader(['المسمى الوظيفي', 'الشركة', 'نص الإعلان', 'تاريخ التقديم']));
  // A post's text erased by retention is empty here, as in the jobs' bodies.
  for (const ad of adRows) adsCsv.write(csvLine([ad.jobTitle, ad.companyName, ad.postText, ad.createdAt]));
  adsCsv.end();
  await progress(adRows.length);

  const usedNames = new Set<string>();
  for (const cv of cvRows) {
    const [file] = await db.select({ bytes: resumeFiles.bytes }).from(resumeFiles).where(eq(resumeFiles.path, cv.path));
    if (file) archive.binaryFile(`السير الذاتية/${uniqueName(cv.originalName, usedNames)}`, file.bytes);
    await progress(1);
  }

  const bytes = archive.finish();
  const finishedAt = now();
  await db.transaction(async (tx) => {
    // Only while this build still holds the request: an account deleted meanwhile has no row left to finish.
    const [still] = await tx
      .update(dataExports)
      .set({
        status: 'ready',
        done: total,
        total,
        sizeBytes: bytes.length,
        leaseExpiresAt: null,
        completedAt: finishedAt,
        expiresAt: new Date(finishedAt.getTime() + EXPORT_TTL_MS),
      })
      .where(and(eq(dataExports.id, claim.id), eq(dataExports.status, 'running')))
      .returning({ id: dataExports.id });
    if (still) await tx.insert(dataExportFiles).values({ exportId: claim.id, bytes });
  });
  return { total, sizeBytes: bytes.length };
}

/** A row's suggestion to the directory, as the user's page says it. */
const suggestionText = { pending: 'بانتظار المراجعة', accepted: 'قُبلت', declined: 'لم تُقبل' } as const;

/** A build that threw: the request shows as failed, and the user may ask again. */
export async function failExport(db: Database, exportId: string): Promise<void> {
  await db
    .update(dataExports)
    .set({ status: 'failed', leaseExpiresAt: null, expiresAt: new Date(Date.now() + EXPORT_TTL_MS) })
    .where(eq(dataExports.id, exportId));
}

/** Deletes expired archives (and their requests). */
export async function purgeExpiredExports(db: Database): Promise<number> {
  const gone = await db.delete(dataExports).where(sql`${dataExports.expiresAt} <= now()`).returning({ id: dataExports.id });
  return gone.length;
}

/** Two CVs uploaded under one name get " (2)", " (3)"… before the extension in the archive. */
function uniqueName(name: string, used: Set<string>): string {
  const clean = name.replace(/[\\/]/g, '_') || 'cv.pdf';
  const dot = clean.lastIndexOf('.');
  const [stem, ext] = dot > 0 ? [clean.slice(0, dot), clean.slice(dot)] : [clean, ''];
  let candidate = clean;
  for (let n = 2; used.has(candidate); n++) candidate = `${stem} (${n})${ext}`;
  used.add(candidate);
  return candidate;
}
