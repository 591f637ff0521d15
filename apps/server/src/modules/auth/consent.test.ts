import { POLICY_VERSION } from '@sira/shared/policy';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test-support/app';
import { uniqueEmail } from '../../../test-support/auth';
import { consents, profiles, user } from '../../db/schema';

/** PDPL consent at registration: asked for, refused without, and recorded with the version and the server's time. */

const ctx = useTestApp();
let ipCounter = 0;
const register = (payload: Record<string, unknown>) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    remoteAddress: `10.31.0.${ipCounter++ % 250}`,
    payload: { phone: '0512345678', password: 'secret1', confirmPassword: 'secret1', fullName: 'سارة أحمد', ...payload },
  });

describe('consent at registration', () => {
  it('refuses an account whose terms and privacy policy were not agreed to, in Arabic, and creates nothing', async () => {
    for (const acceptTerms of [undefined, false]) {
      const email = uniqueEmail('no-consent');
      const res = await register({ email, acceptTerms });
      expect([res.statusCode, res.json().code]).toEqual([400, 'TERMS_NOT_ACCEPTED']);
      expect(await ctx.db.select().from(user).where(eq(user.email, email))).toEqual([]);
    }
    const { messageForCode } = await import('@sira/shared');
    expect(messageForCode('TERMS_NOT_ACCEPTED')).toBe('يجب الموافقة على الشروط والأحكام وسياسة الخصوصية لإنشاء الحساب');
  });

  it('records the policy version and the time by the server, whatever the request says', async () => {
    const email = uniqueEmail('consent');
    const before = Date.now();
    const res = await register({ email, acceptTerms: true, acceptedAt: '2001-01-01T00:00:00Z', policyVersion: 'made-up' });
    expect(res.statusCode, res.body).toBe(201);
    const rows = await ctx.db
      .select({ version: consents.policyVersion, at: consents.acceptedAt })
      .from(consents)
      .innerJoin(profiles, eq(profiles.id, consents.profileId))
      .where(eq(profiles.email, email));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.version).toBe(POLICY_VERSION);
    expect(rows[0]?.at.getTime()).toBeGreaterThanOrEqual(before - 5_000);
    expect(rows[0]?.at.getTime()).toBeLessThanOrEqual(Date.now() + 5_000);
  });
});
