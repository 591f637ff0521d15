import { describe, expect, it } from 'vitest';
import { countMatching, type TargetGroup, targetsAll, valueCounts } from './targeting';

const groups: TargetGroup[] = [
  { sector: 'التقنية', city: 'الرياض', count: 5 },
  { sector: 'التقنية', city: 'جدة', count: 2 },
  { sector: 'المالية', city: 'الرياض', count: 3 },
  { sector: 'الطاقة', city: 'الدمام', count: 1 },
];

describe('targeting', () => {
  it('an empty list takes every value; chosen lists narrow together', () => {
    expect(countMatching(groups, { sectors: [], cities: [] })).toBe(11);
    expect(countMatching(groups, { sectors: [], cities: ['الرياض'] })).toBe(8);
    expect(countMatching(groups, { sectors: ['التقنية'], cities: [] })).toBe(7);
    expect(countMatching(groups, { sectors: ['التقنية', 'الطاقة'], cities: ['جدة', 'الدمام'] })).toBe(3);
    expect(countMatching(groups, { sectors: ['المالية'], cities: ['جدة'] })).toBe(0);
  });

  it("counts each value within the other list's choice, most companies first, every value kept", () => {
    expect(valueCounts(groups, 'city', { sectors: [], cities: [] })).toEqual([
      { value: 'الرياض', count: 8 },
      { value: 'جدة', count: 2 },
      { value: 'الدمام', count: 1 },
    ]);
    expect(valueCounts(groups, 'sector', { sectors: [], cities: ['الرياض'] })).toEqual([
      { value: 'التقنية', count: 5 },
      { value: 'المالية', count: 3 },
      { value: 'الطاقة', count: 0 },
    ]);
    expect(targetsAll({ sectors: [], cities: [] })).toBe(true);
    expect(targetsAll({ sectors: ['التقنية'], cities: [] })).toBe(false);
  });
});
