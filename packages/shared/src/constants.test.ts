import { describe, expect, it } from 'vitest';
import { ADMIN_PACKAGE, packageDisplayName } from './constants';

describe('packageDisplayName', () => {
  it('names the administrators’ package as a role, in Arabic alone, and leaves every other name as it is', () => {
    expect(packageDisplayName(ADMIN_PACKAGE)).toBe('مدير النظام');
    expect(packageDisplayName(ADMIN_PACKAGE)).not.toMatch(/[A-Za-z()]/);
    expect(packageDisplayName('باقة المحترف')).toBe('باقة المحترف');
  });
});
