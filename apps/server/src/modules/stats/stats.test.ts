import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { invoices, packages, profiles } from '../../db/schema';
import { useTestApp } from '../../test/app';
import { signedInUser } from '../../test/auth';
import { getAdminStats } from './stats.service';

const ctx = useTestApp();

describe('admin stats (spec §9 formulas, in SQL)', () => {
  it('counts users, completed revenue, messages sent and active users', async () => {
    const before = await getAdminStats(ctx.db);
    const a = await signedInUser(ctx);
    const b = await signedInUser(ctx);
    const [trial] = await ctx.db.select().from(packages).where(eq(packages.name, 'تجريبي'));
    if (!trial) throw new Error('no trial package');
    // a used 3 of the trial's messages; b used all of them.
    await ctx.db
      .update(profiles)
      .set({ messagesRemaining: trial.messagesLimit - 3 })
      .where(eq(profiles.email, a.email));
    await ctx.db.update(profiles).set({ messagesRemaining: 0 }).where(eq(profiles.email, b.email));
    const [pa] = await ctx.db.select().from(profiles).where(eq(profiles.email, a.email));
    await ctx.db.insert(invoices).values([
      { profileId: pa?.id as string, packageId: trial.id, amount: 95, status: 'completed', orderNumber: `o-${Date.now()}-1` },
      { profileId: pa?.id as string, packageId: trial.id, amount: 150, status: 'pending', orderNumber: `o-${Date.now()}-2` },
    ]);
    const after = await getAdminStats(ctx.db);
    expect(after.totalUsers - before.totalUsers).toBe(2);
    expect(after.totalRevenue - before.totalRevenue).toBe(95);
    expect(after.messagesSent - before.messagesSent).toBe(3 + trial.messagesLimit);
    expect(after.activeUsers - before.activeUsers).toBe(1);
  });

  it('never counts negative "sent" when a balance exceeds the package limit', async () => {
    const before = await getAdminStats(ctx.db);
    const c = await signedInUser(ctx);
    await ctx.db.execute(sql`update profiles set messages_remaining = 9999 where email = ${c.email}`);
    const after = await getAdminStats(ctx.db);
    expect(after.messagesSent).toBe(before.messagesSent);
  });
});
