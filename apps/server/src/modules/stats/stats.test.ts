import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test-support/app';
import { signedInUser } from '../../../test-support/auth';
import { invoices, packages, profiles } from '../../db/schema';
import { getAdminStats } from './stats.service';

const ctx = useTestApp();

describe('admin stats', () => {
  it('counts users, completed revenue (spec §9), messages that left and active users (spec §9)', async () => {
    const before = await getAdminStats(ctx.db);
    const a = await signedInUser(ctx);
    const b = await signedInUser(ctx);
    const [trial] = await ctx.db.select().from(packages).where(eq(packages.name, 'تجريبي'));
    if (!trial) throw new Error('no trial package');
    // a sent 3 of the trial's messages; b sent all of them.
    await ctx.db
      .update(profiles)
      .set({ messagesRemaining: trial.messagesLimit - 3, sentMessages: 3 })
      .where(eq(profiles.email, a.email));
    await ctx.db.update(profiles).set({ messagesRemaining: 0, sentMessages: trial.messagesLimit }).where(eq(profiles.email, b.email));
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

  it('still counts what a user sent after a purchase raised the balance above the package limit', async () => {
    const before = await getAdminStats(ctx.db);
    const c = await signedInUser(ctx);
    // Spec §9's `limit − remaining` would read 0 here (ADR 022): 7 sent, then a purchase added to the balance.
    await ctx.db.execute(sql`update profiles set messages_remaining = 9999, sent_messages = 7 where email = ${c.email}`);
    const after = await getAdminStats(ctx.db);
    expect(after.messagesSent - before.messagesSent).toBe(7);
  });
});
