import { OWN_LIST_FEATURE } from '@sira/shared/messages/own-companies';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test-support/app';
import { packages } from '../../db/schema';

const ctx = useTestApp();

describe('GET /api/packages', () => {
  it('lists the packages cheapest first, with display extras, never the system packages', async () => {
    const res = await ctx.app.inject('/api/packages');
    expect(res.statusCode).toBe(200);
    const list = res.json() as Array<{
      name: string;
      price: number;
      originalPrice: number | null;
      discountPercent: number | null;
      features: string[];
      highlighted: boolean;
    }>;
    expect(list.map((p) => p.name)).toEqual(['تجريبي', 'باقة نمو', 'باقة البداية', 'باقة المحترف', 'باقة التميز']);
    expect(list.map((p) => p.price)).toEqual([0, 30, 95, 150, 199]);
    expect(list.find((p) => p.name === 'باقة البداية')).toMatchObject({ originalPrice: 129, discountPercent: 26.36 });
    expect(list.some((p) => p.highlighted)).toBe(true);
    expect(list.every((p) => p.features.length > 0)).toBe(true);
  });

  it('shows a package the administrator adds, in price order', async () => {
    await ctx.db.insert(packages).values({ name: 'باقة اختبار', price: 60, messagesLimit: 200, features: ['ميزة'] });
    const names = (await ctx.app.inject('/api/packages')).json().map((p: { name: string }) => p.name);
    expect(names.indexOf('باقة اختبار')).toBe(names.indexOf('باقة نمو') + 1);
  });

  it("leaves out a package priced under Paylink's minimum (a row older than the price rule): it could not be bought", async () => {
    await ctx.db.insert(packages).values({ name: 'باقة رمزية', price: 3, messagesLimit: 5, features: ['ميزة'] });
    const names = (await ctx.app.inject('/api/packages')).json().map((p: { name: string }) => p.name);
    expect(names).not.toContain('باقة رمزية');
    expect(names).toContain('تجريبي');
  });

  it('names "my companies" on the packages with can_upload_excel only, and never the flag itself', async () => {
    await ctx.db.insert(packages).values([
      { name: 'باقة بقائمة', price: 70, messagesLimit: 200, features: ['ميزة'], canUploadExcel: true },
      { name: 'باقة بلا قائمة', price: 71, messagesLimit: 200, features: ['ميزة'], canUploadExcel: false },
    ]);
    const list = (await ctx.app.inject('/api/packages')).json() as Array<{ name: string; features: string[] }>;
    expect(list.find((p) => p.name === 'باقة بقائمة')?.features).toEqual(['ميزة', OWN_LIST_FEATURE]);
    expect(list.find((p) => p.name === 'باقة بلا قائمة')?.features).toEqual(['ميزة']);
    expect(list.find((p) => p.name === 'باقة التميز')?.features).toContain(OWN_LIST_FEATURE);
    expect(list.filter((p) => p.features.includes(OWN_LIST_FEATURE)).map((p) => p.name)).not.toContain('باقة نمو');
    expect(JSON.stringify(list)).not.toContain('canUploadExcel');
  });
});
