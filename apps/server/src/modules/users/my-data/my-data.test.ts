import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInAdmin, signedInUser, signIn } from '../../../../test-support/auth';
import { linkMailboxForTest, useAppWithGoogleSandbox } from '../../../../test-support/mailbox';
import { profileIdOf, samplePdf, schedule, tempDataDir, testEnvWithDataDir, uploadedResumeId } from '../../../../test-support/sending';
import { rowsOf } from '../../../db/client';
import {
  accountDeletions,
  dataExports,
  excelFiles,
  invoices,
  jobAds,
  packages,
  profiles,
  user,
  userCompanies,
  userGmail,
} from '../../../db/schema';
import { purgeRetainedInvoices } from './account-deletion.service';
import { buildExport, claimExport, purgeExpiredExports } from './data-export.service';

/** The "my data" page's rules over real HTTP routes, the real database and the Google sandbox. */

const dataDir = tempDataDir();
const { ctx, sandbox } = useAppWithGoogleSandbox(() => ({ env: testEnvWithDataDir(dataDir) }));

let trialPackageId: string;
beforeAll(async () => {
  const [trial] = await ctx.db.select({ id: packages.id }).from(packages).where(eq(packages.name, 'تجريبي'));
  trialPackageId = trial?.id as string;
});

const inject = (cookie: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

/** Builds every waiting export, as the background task does. */
async function runExports() {
  for (let claim = await claimExport(ctx.db); claim; claim = await claimExport(ctx.db)) await buildExport(ctx.db, claim);
}

async function readyExport(cookie: string) {
  expect((await inject(cookie, 'POST', '/api/users/me/data-exports')).statusCode).toBe(201);
  await runExports();
  const latest = (await inject(cookie, 'GET', '/api/users/me/data-exports')).json().export;
  expect(latest.status).toBe('ready');
  return latest as { id: string; done: number; total: number };
}

/** A linked user with a scheduled job (pending deliveries), a paid invoice and an unpaid one of last week. */
async function busyUser() {
  const account = await signedInUser(ctx);
  const profileId = await profileIdOf(ctx, account.email);
  await linkMailboxForTest(ctx, account.cookie, sandbox, `${profileId.slice(0, 8)}@gmail.com`);
  const cv = samplePdf(4096);
  const resumeId = await uploadedResumeId(ctx, account.cookie, cv);
  const scheduled = await schedule(ctx, account.cookie, { resumeId, subject: 'طلب توظيف لدى {{company_name}}', content: '<p>مرحبا</p>' });
  expect(scheduled.statusCode, scheduled.body).toBe(201);
  await ctx.db.insert(invoices).values([
    {
      profileId,
      packageId: trialPackageId,
      amount: 99,
      messages: 100,
      status: 'completed',
      orderNumber: `paid-${profileId}`,
      gatewayTxnId: `txn-${profileId}`,
      completedAt: new Date('2026-01-10T10:00:00Z'),
    },
    {
      profileId,
      packageId: trialPackageId,
      amount: 49,
      status: 'pending',
      orderNumber: `open-${profileId}`,
      createdAt: new Date(Date.now() - 7 * 86_400_000),
    },
  ]);
  return { ...account, profileId, cv };
}

describe('data export', () => {
  it('builds in the background a ZIP of the profile, invoices, jobs, every delivery and the CV, as CSV Excel opens', async () => {
    const u = await busyUser();
    // Two payments that did not go through: one the card's bank refused, one abandoned at Paylink.
    await ctx.db.insert(invoices).values(
      (['Pending', 'Canceled'] as const).map((gatewayStatus) => ({
        profileId: u.profileId,
        packageId: trialPackageId,
        amount: 30,
        messages: 50,
        status: 'failed',
        gatewayStatus,
        orderNumber: `${gatewayStatus}-${u.profileId}`,
      })),
    );
    const first = await inject(u.cookie, 'POST', '/api/users/me/data-exports');
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ status: 'pending', done: 0 });
    // One at a time: asking again while it waits answers the same request.
    const again = await inject(u.cookie, 'POST', '/api/users/me/data-exports');
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);

    await runExports();
    const latest = (await inject(u.cookie, 'GET', '/api/users/me/data-exports')).json().export;
    const [deliveryCount] = rowsOf<{ n: number }>(
      await ctx.db.execute(sql`select count(*)::int as n from deliveries where profile_id = ${u.profileId}`),
    );
    // profile + 4 invoices + 1 job + every delivery + 1 CV
    expect(latest).toMatchObject({ status: 'ready', total: 7 + (deliveryCount?.n ?? 0) });
    expect(latest.done).toBe(latest.total);
    expect(new Date(latest.expiresAt).getTime() - Date.now()).toBeGreaterThan(23 * 3600_000);

    const file = await inject(u.cookie, 'GET', `/api/users/me/data-exports/${latest.id}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/zip');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="sira-my-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    const entries = unzipSync(new Uint8Array(file.rawPayload));
    expect(Object.keys(entries).sort()).toEqual(
      [
        'الشركات المرسل إليها.csv',
        'الفواتير.csv',
        'الملف الشخصي.csv',
        'طلبات الإرسال.csv',
        'قائمة شركاتي.csv',
        'ملفات قائمة شركاتي.csv',
        'إعلانات الوظائف.csv',
        'السير الذاتية/سيرتي الذاتية.pdf',
      ].sort(),
    );
    for (const [name, bytes] of Object.entries(entries)) {
      if (!name.endsWith('.csv')) continue;
      // UTF-8 byte-order mark, then lines ended by CRLF only.
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      expect(strFromU8(bytes).replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    }
    const profileCsv = strFromU8(entries['الملف الشخصي.csv'] as Uint8Array);
    expect(profileCsv).toContain(`البريد الإلكتروني,${u.email}\r\n`);
    expect(profileCsv).toContain('رقم الجوال,0512345678\r\n');
    const deliveriesCsv = strFromU8(entries['الشركات المرسل إليها.csv'] as Uint8Array).split('\r\n');
    expect(deliveriesCsv[0]).toBe(
      'رقم الطلب,الشركة,بريد الشركة,القطاع,المدينة,الحالة,المحاولات,أُرسلت من,تاريخ الإرسال,سبب الفشل,تاريخ الجدولة',
    );
    expect(deliveriesCsv.filter(Boolean)).toHaveLength(1 + (deliveryCount?.n ?? 0));
    const invoicesCsv = strFromU8(entries['الفواتير.csv'] as Uint8Array);
    expect(invoicesCsv).toContain(`paid-${u.profileId},تجريبي,99,100,مكتمل`);
    // What happened to each payment, as the billing page says it.
    expect(invoicesCsv).toMatch(new RegExp(`open-${u.profileId},تجريبي,49,\\d*,بانتظار تأكيد الدفع`));
    expect(invoicesCsv).toContain(`Pending-${u.profileId},تجريبي,30,50,مرفوض`);
    expect(invoicesCsv).toContain(`Canceled-${u.profileId},تجريبي,30,50,ملغى`);
    expect(Buffer.from(entries['السير الذاتية/سيرتي الذاتية.pdf'] as Uint8Array).equals(u.cv)).toBe(true);
  });

  it('downloads for its owner only', async () => {
    const owner = await signedInUser(ctx);
    const other = await signedInUser(ctx);
    const ready = await readyExport(owner.cookie);
    const stranger = await inject(other.cookie, 'GET', `/api/users/me/data-exports/${ready.id}/file`);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toEqual({ code: 'EXPORT_NOT_FOUND' });
    expect((await ctx.app.inject({ url: `/api/users/me/data-exports/${ready.id}/file` })).statusCode).toBe(401);
  });

  it('expires: no download after its time, and the archive is deleted', async () => {
    const u = await signedInUser(ctx);
    const ready = await readyExport(u.cookie);
    await ctx.db
      .update(dataExports)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(dataExports.id, ready.id));
    expect((await inject(u.cookie, 'GET', `/api/users/me/data-exports/${ready.id}/file`)).statusCode).toBe(404);
    expect((await inject(u.cookie, 'GET', '/api/users/me/data-exports')).json()).toEqual({ export: null });
    expect(await purgeExpiredExports(ctx.db)).toBeGreaterThanOrEqual(1);
    expect(await ctx.db.select().from(dataExports).where(eq(dataExports.id, ready.id))).toEqual([]);
  });

  it('takes up again a build whose worker died (lease passed)', async () => {
    const u = await signedInUser(ctx);
    expect((await inject(u.cookie, 'POST', '/api/users/me/data-exports')).statusCode).toBe(201);
    const claim = await claimExport(ctx.db);
    expect(claim).toBeDefined();
    expect(await claimExport(ctx.db)).toBeUndefined();
    await ctx.db
      .update(dataExports)
      .set({ leaseExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(dataExports.id, claim?.id as string));
    expect((await claimExport(ctx.db))?.id).toBe(claim?.id);
  });
});

describe('contact details', () => {
  it('corrects the phone on the profile and the login, typed with Arabic digits and spaces', async () => {
    const u = await signedInUser(ctx);
    const res = await inject(u.cookie, 'PUT', '/api/users/me/phone', { phone: '٠٥٥ ١٢٣ ٤٥٦٧' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ phone: '0551234567' });
    const [row] = await ctx.db
      .select({ profile: profiles.phoneNumber, login: user.phoneNumber })
      .from(profiles)
      .innerJoin(user, eq(user.id, profiles.id))
      .where(eq(profiles.email, u.email));
    expect(row).toEqual({ profile: '0551234567', login: '0551234567' });
  });

  it('refuses a number that is not Saudi mobile', async () => {
    const u = await signedInUser(ctx);
    const res = await inject(u.cookie, 'PUT', '/api/users/me/phone', { phone: '12345' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'INVALID_PHONE' });
  });

  it('changes the e-mail only when the link sent to the new address is opened', async () => {
    const u = await signedInUser(ctx);
    const newEmail = `new.${u.email}`;
    const res = await inject(u.cookie, 'POST', '/api/users/me/email-change', { email: newEmail.toUpperCase(), password: u.password });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ sentTo: newEmail });
    const mail = ctx.mail.findLast((m) => m.to === newEmail);
    expect(mail?.subject).toBe('تأكيد بريدك الإلكتروني الجديد في سيرة');
    expect(ctx.mail.some((m) => m.to === u.email && m.subject.includes('تأكيد بريدك'))).toBe(false);
    // Not yet: the account still has the old address, and signs in with it.
    const profileId = await profileIdOf(ctx, u.email);
    await signIn(ctx, u.email, u.password);

    const link = new URL(/href="([^"]+verify-email[^"]+)"/.exec(mail?.html ?? '')?.[1]?.replace(/&#38;/g, '&') ?? '');
    const opened = await ctx.app.inject({ url: `${link.pathname}${link.search}` });
    expect(opened.statusCode, `${link} ${opened.body}`).toBe(302);
    expect(opened.headers.location).toBe('/my-data?emailChanged=1');
    const [row] = await ctx.db
      .select({ profile: profiles.email, login: user.email, verified: user.emailVerified })
      .from(profiles)
      .innerJoin(user, eq(user.id, profiles.id))
      .where(eq(profiles.id, profileId));
    expect(row).toEqual({ profile: newEmail, login: newEmail, verified: true });
    await signIn(ctx, newEmail, u.password);
  });

  it('refuses the same address, a taken one and a malformed one, and mails nothing', async () => {
    const u = await signedInUser(ctx);
    const other = await signedInUser(ctx);
    const sent = ctx.mail.length;
    const password = u.password;
    const same = await inject(u.cookie, 'POST', '/api/users/me/email-change', { email: u.email, password });
    expect([same.statusCode, same.json()]).toEqual([400, { code: 'EMAIL_SAME' }]);
    const taken = await inject(u.cookie, 'POST', '/api/users/me/email-change', { email: other.email, password });
    expect([taken.statusCode, taken.json()]).toEqual([409, { code: 'EMAIL_TAKEN' }]);
    const bad = await inject(u.cookie, 'POST', '/api/users/me/email-change', { email: 'not-an-address', password });
    expect([bad.statusCode, bad.json()]).toEqual([400, { code: 'INVALID_EMAIL' }]);
    expect(ctx.mail.length).toBe(sent);
  });
});

/** Every text, json and bytea column of every table in the public schema, as (table, column, type). */
async function everyColumn() {
  return rowsOf<{ table: string; column: string; type: string }>(
    await ctx.db.execute(sql`
      select c.table_name as "table", c.column_name as "column", c.data_type as "type"
      from information_schema.columns c join information_schema.tables t using (table_schema, table_name)
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
        and c.data_type in ('text', 'character varying', 'jsonb', 'json', 'bytea')`),
  );
}

/** Where `needle` still stands in the database: "table.column" for each column holding it. */
async function whereInDatabase(needle: string | Buffer): Promise<string[]> {
  const found: string[] = [];
  for (const { table, column, type } of await everyColumn()) {
    const col = sql.identifier(column);
    const condition =
      typeof needle === 'string'
        ? type === 'bytea'
          ? sql`position(convert_to(${needle}, 'UTF8') in ${col}) > 0`
          : sql`strpos(lower(${col}::text), lower(${needle})) > 0`
        : type === 'bytea'
          ? sql`position(${needle} in ${col}) > 0`
          : sql`false`;
    const [hit] = rowsOf<{ n: number }>(
      await ctx.db.execute(sql`select count(*)::int as n from ${sql.identifier(table)} where ${condition}`),
    );
    if ((hit?.n ?? 0) > 0) found.push(`${table}.${column}`);
  }
  return found;
}

/** Files under the data folder (the database's own files aside: its rows are searched above) holding `needle`. */
function whereInDataDir(needle: Buffer): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (readFileSync(path).includes(needle)) found.push(path);
    }
  };
  walk(dataDir);
  return found;
}

describe('account deletion', () => {
  it('refuses a missing or wrong password and keeps everything', async () => {
    const u = await busyUser();
    const empty = await inject(u.cookie, 'POST', '/api/users/me/deletion', { password: '' });
    expect([empty.statusCode, empty.json()]).toEqual([400, { code: 'PASSWORD_REQUIRED' }]);
    const res = await inject(u.cookie, 'POST', '/api/users/me/deletion', { password: 'not-the-password' });
    expect([res.statusCode, res.json()]).toEqual([403, { code: 'WRONG_PASSWORD' }]);
    expect(await profileIdOf(ctx, u.email)).toBe(u.profileId);
    expect(await ctx.db.select().from(userGmail).where(eq(userGmail.profileId, u.profileId))).toHaveLength(1);
  });

  it("leaves no row or file holding the user's e-mail, phone or CV; revokes Google's grant; keeps the paid invoice anonymised", async () => {
    const u = await busyUser();
    const phone = '0559876543';
    expect((await inject(u.cookie, 'PUT', '/api/users/me/phone', { phone })).statusCode).toBe(200);
    await readyExport(u.cookie);
    // A résumé an earlier version kept as a file under the data folder.
    mkdirSync(join(dataDir, 'resumes', u.profileId), { recursive: true });
    writeFileSync(join(dataDir, 'resumes', u.profileId, 'old.pdf'), u.cv);
    // Traces elsewhere: a rate-limit counter keyed by the address, a system e-mail to it, an admin's edit.
    await signIn(ctx, u.email, u.password);
    await ctx.db.execute(sql`insert into mail_outbox ("to", subject, html, text) values (${u.email}, 's', ${`<p>${phone}</p>`}, 't')`);
    await ctx.db.execute(
      sql`insert into audit_log (actor_email, action, entity, entity_id, before, after) values ('admin@sira.example', 'users.update', 'profiles', ${u.profileId}, ${JSON.stringify({ email: u.email })}::jsonb, ${JSON.stringify({ phone })}::jsonb)`,
    );
    const [link] = await ctx.db.select().from(userGmail).where(eq(userGmail.profileId, u.profileId));
    const refreshToken = ctx.app.secretBox.open(link?.refreshToken as string);
    const pending = rowsOf<{ n: number }>(
      await ctx.db.execute(
        sql`select count(*)::int as n from deliveries where profile_id = ${u.profileId} and status in ('pending','held')`,
      ),
    )[0]?.n;
    const [{ balance } = { balance: 0 }] = await ctx.db
      .select({ balance: profiles.messagesRemaining })
      .from(profiles)
      .where(eq(profiles.id, u.profileId));
    const before = await whereInDatabase(u.email);
    expect(before.length).toBeGreaterThan(3);
    expect(await whereInDatabase(u.cv)).toEqual(expect.arrayContaining(['resume_files.bytes']));

    const res = await inject(u.cookie, 'POST', '/api/users/me/deletion', { password: u.password });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ cancelledDeliveries: pending, mailboxRevoked: 'revoked' });
    expect(pending).toBeGreaterThan(0);

    expect(await whereInDatabase(u.email)).toEqual([]);
    expect(await whereInDatabase(phone)).toEqual([]);
    expect(await whereInDatabase(u.cv)).toEqual([]);
    expect(whereInDataDir(u.cv)).toEqual([]);
    expect(whereInDataDir(Buffer.from(u.email))).toEqual([]);

    // Google no longer honours the token.
    const refreshed = await fetch(sandbox.endpoints.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
        client_id: sandbox.clientId,
        client_secret: sandbox.clientSecret,
      }).toString(),
    });
    expect(refreshed.status).toBe(400);

    // The paid invoice stays, without its buyer, for ten years after payment; the unpaid one is gone.
    const kept = await ctx.db
      .select()
      .from(invoices)
      .where(eq(invoices.orderNumber, `paid-${u.profileId}`));
    expect(kept).toHaveLength(1);
    expect(kept[0]?.profileId).toBeNull();
    expect(kept[0]?.retainUntil?.toISOString()).toBe('2036-01-10T10:00:00.000Z');
    expect(
      await ctx.db
        .select()
        .from(invoices)
        .where(eq(invoices.orderNumber, `open-${u.profileId}`)),
    ).toEqual([]);
    const [noted] = await ctx.db.select().from(accountDeletions).orderBy(sql`created_at desc`).limit(1);
    expect(noted).toMatchObject({
      cancelledDeliveries: pending,
      creditsNoted: (pending ?? 0) + balance,
      invoicesKept: 1,
      mailboxRevoked: 'revoked',
    });

    // Signed out, and the account is no more.
    expect(res.headers['set-cookie']).toBeDefined();
    expect((await inject(u.cookie, 'GET', '/api/users/me')).statusCode).toBe(401);
    const signInAgain = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: u.email, password: u.password },
    });
    expect(signInAgain.statusCode).toBe(401);
  });

  it('leaves no trace of the addresses the account had before an e-mail change', async () => {
    const u = await signedInUser(ctx);
    const newEmail = `moved.${u.email}`;
    expect((await inject(u.cookie, 'POST', '/api/users/me/email-change', { email: newEmail, password: u.password })).statusCode).toBe(200);
    const mail = ctx.mail.findLast((m) => m.to === newEmail);
    const link = new URL(/href="([^"]+verify-email[^"]+)"/.exec(mail?.html ?? '')?.[1]?.replace(/&#38;/g, '&') ?? '');
    expect((await inject(u.cookie, 'GET', `${link.pathname}${link.search}`)).statusCode).toBe(302);
    // The notice to the old address, kept by the outbox as any system mail.
    await ctx.db.execute(sql`insert into mail_outbox ("to", subject, html, text) values (${u.email}, 's', 'h', 't')`);
    expect(await whereInDatabase(u.email)).toEqual(expect.arrayContaining(['email_changes.old_email', 'mail_outbox.to']));

    expect((await inject(u.cookie, 'POST', '/api/users/me/deletion', { password: u.password })).statusCode).toBe(200);
    expect(await whereInDatabase(u.email)).toEqual([]);
    expect(await whereInDatabase(newEmail)).toEqual([]);
  });

  it('deletes the account when Google cannot be reached, and says the grant was not revoked', async () => {
    const u = await signedInUser(ctx);
    const profileId = await profileIdOf(ctx, u.email);
    await linkMailboxForTest(ctx, u.cookie, sandbox, `${profileId.slice(0, 8)}@gmail.com`);
    sandbox.injectFault({ endpoint: 'revoke', status: 503 });
    try {
      const res = await inject(u.cookie, 'POST', '/api/users/me/deletion', { password: u.password });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().mailboxRevoked).toBe('failed');
    } finally {
      sandbox.clearFaults();
    }
    expect(await ctx.db.select().from(profiles).where(eq(profiles.id, profileId))).toEqual([]);
  });

  it('waits while a payment started within the hour may still complete', async () => {
    const u = await signedInUser(ctx);
    const profileId = await profileIdOf(ctx, u.email);
    await ctx.db
      .insert(invoices)
      .values({ profileId, packageId: trialPackageId, amount: 49, status: 'pending', orderNumber: `fresh-${profileId}` });
    const res = await inject(u.cookie, 'POST', '/api/users/me/deletion', { password: u.password });
    expect([res.statusCode, res.json()]).toEqual([409, { code: 'PAYMENT_IN_PROGRESS' }]);
  });

  it("does not delete an administrator's account", async () => {
    const admin = await signedInAdmin(ctx);
    const res = await inject(admin.cookie, 'POST', '/api/users/me/deletion', { password: admin.password });
    expect([res.statusCode, res.json()]).toEqual([409, { code: 'ADMIN_ACCOUNT' }]);
  });

  it('deletes anonymised invoices once their bookkeeping period is over, and only those', async () => {
    const rows = await ctx.db
      .insert(invoices)
      .values([
        { profileId: null, amount: 10, status: 'completed', orderNumber: `past-${Date.now()}`, retainUntil: new Date(Date.now() - 1000) },
        {
          profileId: null,
          amount: 10,
          status: 'completed',
          orderNumber: `future-${Date.now()}`,
          retainUntil: new Date(Date.now() + 86_400_000),
        },
      ])
      .returning({ id: invoices.id, orderNumber: invoices.orderNumber });
    expect(await purgeRetainedInvoices(ctx.db)).toBe(1);
    const left = await ctx.db
      .select({ orderNumber: invoices.orderNumber })
      .from(invoices)
      .where(
        and(
          sql`${invoices.id} in (${sql.join(
            rows.map((r) => sql`${r.id}`),
            sql`, `,
          )})`,
        ),
      );
    expect(left.map((r) => r.orderNumber)).toEqual([rows[1]?.orderNumber]);
  });
});

describe('my companies and job ads (ADR 029)', () => {
  it('are in the export, and erased with the account; an admin import record stays', async () => {
    const u = await busyUser();
    const [upload] = await ctx.db
      .insert(excelFiles)
      .values({ profileId: u.profileId, scope: 'own_list', filename: 'شركاتي.xlsx', rowsAdded: 2, rowsSkipped: 1 })
      .returning({ id: excelFiles.id });
    const [adminImport] = await ctx.db
      .insert(excelFiles)
      .values({ profileId: u.profileId, scope: 'directory', filename: 'الدليل.xlsx', rowsAdded: 5 })
      .returning({ id: excelFiles.id });
    await ctx.db.insert(userCompanies).values([
      { profileId: u.profileId, excelFileId: upload?.id, name: 'شركة الأفق', email: 'hr@own-export.example', contactName: 'أ. سالم' },
      { profileId: u.profileId, name: '=HYPERLINK("x")', email: 'jobs@own-export.example', suggestion: 'pending', suggestedAt: new Date() },
    ]);
    await ctx.db.insert(jobAds).values({
      profileId: u.profileId,
      postText: 'مطلوب محاسب، أرسل سيرتك على careers@ad-export.example',
      jobTitle: 'محاسب',
      companyName: 'شركة الإعلان',
    });

    const ready = await readyExport(u.cookie);
    const file = await inject(u.cookie, 'GET', `/api/users/me/data-exports/${ready.id}/file`);
    const entries = unzipSync(new Uint8Array(file.rawPayload));
    const own = strFromU8(entries['قائمة شركاتي.csv'] as Uint8Array).split('\r\n');
    expect(own[0]).toBe('الشركة,البريد الإلكتروني,القطاع,المدينة,اسم المسؤول,مرات تعذر التسليم,اقتراحها للدليل,تاريخ الإضافة');
    expect(own.filter(Boolean)).toHaveLength(3);
    expect(own.some((line) => line.startsWith('شركة الأفق,hr@own-export.example,غير محدد,غير محدد,أ. سالم,0,,'))).toBe(true);
    // A formula-looking name is written as text (CSV injection), and the suggestion as the page says it.
    expect(own.some((line) => line.startsWith(`"'=HYPERLINK(""x"")",jobs@own-export.example,`) && line.includes('بانتظار المراجعة'))).toBe(
      true,
    );
    const uploads = strFromU8(entries['ملفات قائمة شركاتي.csv'] as Uint8Array);
    expect(uploads).toContain('شركاتي.xlsx,2,1,');
    expect(uploads).not.toContain('الدليل.xlsx');
    const ads = strFromU8(entries['إعلانات الوظائف.csv'] as Uint8Array);
    expect(ads).toContain('محاسب,شركة الإعلان,مطلوب محاسب، أرسل سيرتك على careers@ad-export.example,');

    const res = await inject(u.cookie, 'POST', '/api/users/me/deletion', { password: u.password });
    expect(res.statusCode, res.body).toBe(200);
    const left = rowsOf<{ own: number; ads: number; uploads: number; imports: number }>(
      await ctx.db.execute(sql`
        select
          (select count(*)::int from user_companies where profile_id = ${u.profileId} or email like '%@own-export.example') as own,
          (select count(*)::int from job_ads where profile_id = ${u.profileId} or post_text like '%ad-export.example%') as ads,
          (select count(*)::int from excel_files where id = ${upload?.id as string}) as uploads,
          (select count(*)::int from excel_files where id = ${adminImport?.id as string} and profile_id is null) as imports`),
    );
    expect(left).toEqual([{ own: 0, ads: 0, uploads: 0, imports: 1 }]);
  });
});
