import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test-support/app';
import { companies, companyOptOuts, deliveries, packages, profiles, senderOptOuts, sendJobs, user } from '../../db/schema';
import { planSend } from './send-plan.service';
import { companiesLeftFor } from './sending.service';
import { targetGroups } from './targeting';

/**
 * Who a new send may still reach (contacted.ts), at its edges: by company id and by address in any letter case,
 * failed deliveries not counting, waiting ones counting, another user's deliveries and stops not counting. The
 * counts /send-resume shows, the plan and the companies left must all agree on the same set.
 */

const ctx = useTestApp();

type Status = 'pending' | 'held' | 'sending' | 'sent' | 'failed' | 'opted_out';

async function setUp() {
  const [pkg] = await ctx.db
    .insert(packages)
    .values({ name: `باقة ${randomUUID().slice(0, 8)}`, price: 1, messagesLimit: 100 })
    .returning({ id: packages.id });
  const packageId = pkg?.id as string;
  const tag = packageId.slice(0, 8);
  const company = async (name: string, email: string) => {
    const [row] = await ctx.db
      .insert(companies)
      .values({
        name,
        email: email.replace('@', `.${tag}@`),
        sector: 'التقنية',
        location: name.startsWith('r') ? 'الرياض' : 'جدة',
        packageId,
      })
      .returning({ id: companies.id, email: companies.email });
    return row as { id: string; email: string };
  };
  const person = async () => {
    const id = randomUUID();
    const email = `${id.slice(0, 8)}@sira.example`;
    await ctx.db.insert(user).values({ id, name: 'سارة', email, emailVerified: true });
    await ctx.db.insert(profiles).values({ id, email, fullName: 'سارة أحمد', packageId, messagesRemaining: 1000 });
    const [job] = await ctx.db
      .insert(sendJobs)
      .values({ profileId: id, subject: 'طلب توظيف', content: '<p>سيرتي</p>', resumePath: 'cv.pdf' })
      .returning({ id: sendJobs.id });
    const deliver = (to: { id: string | null; email: string }, status: Status) =>
      ctx.db.insert(deliveries).values({
        jobId: job?.id as string,
        profileId: id,
        companyId: to.id,
        recipientEmail: to.email,
        companyName: 'شركة',
        sector: 'التقنية',
        location: 'الرياض',
        status,
        leaseExpiresAt: status === 'sending' ? new Date(Date.now() + 60_000) : null,
      });
    return { id, deliver };
  };
  return { packageId, company, person };
}

/** How many companies the user may still reach: the counts, the companies left and the plan must agree. */
async function reachable(profileId: string, packageId: string) {
  const groups = await targetGroups(ctx.db, profileId, packageId);
  const counted = groups.reduce((n, g) => n + g.count, 0);
  expect(await companiesLeftFor(ctx.db, profileId, packageId)).toBe(counted);
  expect((await planSend(ctx.db, profileId, { sendWindow: 'any_time' })).messages).toBe(counted);
  return { groups, counted };
}

describe('who a new send may still reach', () => {
  it('leaves out a company contacted by id or by address in any letter case; failed deliveries free it, waiting ones do not', async () => {
    const { packageId, company, person } = await setUp();
    const me = await person();
    const other = await person();
    let added = 0;
    const add = (name: string, email: string) => {
      added += 1;
      return company(name, email);
    };

    // Reachable: untouched, failed only, and what only another user sent to, waits for or stopped.
    await add('r-untouched', 'untouched@a.example');
    const failedOnly = await add('r-failed', 'failed@a.example');
    await me.deliver(failedOnly, 'failed');
    await me.deliver(failedOnly, 'failed');
    const othersOnly = await add('r-other', 'other@a.example');
    await other.deliver(othersOnly, 'sent');
    await other.deliver(othersOnly, 'pending');
    const othersStop = await add('r-other-stop', 'other-stop@a.example');
    await ctx.db.insert(senderOptOuts).values({ profileId: other.id, email: othersStop.email, source: 'page' });

    // Contacted by id: sent, each waiting state, opted out, and sent after an earlier failure.
    for (const status of ['sent', 'pending', 'held', 'sending', 'opted_out'] as const) {
      await me.deliver(await add(`c-${status}`, `${status}@b.example`), status);
    }
    const failedThenSent = await add('c-failed-then-sent', 'again@b.example');
    await me.deliver(failedThenSent, 'failed');
    await me.deliver(failedThenSent, 'sent');
    // A company whose address changed since: by its id; and the company that has the address now: by address.
    const moved = await add('c-moved', 'new-address@b.example');
    const twin = await add('c-twin', 'Twin@b.example');
    await me.deliver({ id: moved.id, email: twin.email.toUpperCase() }, 'held');

    // By address: the same address under another company id (deleted and imported again: no id left on the
    // delivery), in other letter case either way, and a waiting one.
    const reimported = await add('c-reimported', 'reimported@c.example');
    await me.deliver({ id: null, email: reimported.email.toUpperCase() }, 'sent');
    const upperInDirectory = await add('c-upper', 'UPPER@C.EXAMPLE');
    await me.deliver({ id: null, email: upperInDirectory.email.toLowerCase() }, 'pending');
    // An address whose only delivery failed, under another id: still reachable.
    const failedAddress = await add('r-failed-address', 'failed-address@c.example');
    await me.deliver({ id: null, email: failedAddress.email.toUpperCase() }, 'failed');

    // Opted out: the directory's mark and the user's own stop, kept lower-cased, against an address in capitals.
    const marked = await add('o-marked', 'MARKED@d.example');
    await ctx.db.insert(companyOptOuts).values({ email: marked.email.toLowerCase(), companyName: 'x', source: 'admin' });
    const stopped = await add('o-stopped', 'Stopped@d.example');
    await ctx.db.insert(senderOptOuts).values({ profileId: me.id, email: stopped.email.toLowerCase(), source: 'page' });

    // Only the five companies named r-… (the only ones in Riyadh) are left.
    expect((await reachable(me.id, packageId)).groups).toEqual([{ sector: 'التقنية', city: 'الرياض', count: 5 }]);
    // The other user has contacted one company (twice) and stopped one; the directory's mark holds for them too.
    expect((await reachable(other.id, packageId)).counted).toBe(added - 3);

    await ctx.db.delete(companyOptOuts).where(eq(companyOptOuts.email, marked.email.toLowerCase()));
  });
});
