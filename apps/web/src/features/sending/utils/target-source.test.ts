import { PACKAGE_COMPANY_LIMIT } from '@sira/shared';
import { describe, expect, it } from 'vitest';
import { offersSourceChoice, remainingFromSource, sourceReceivingCount } from './target-source';

/** 20 in the directory (12 Riyadh, 8 Jeddah); 6 own companies, 2 of them also in the directory in Riyadh. */
const targets = {
  groups: [
    { sector: 'تقنية', city: 'الرياض', count: 12 },
    { sector: 'تقنية', city: 'جدة', count: 8 },
  ],
  own: { count: 6, alsoInDirectory: [{ sector: 'تقنية', city: 'الرياض', count: 2 }] },
};
const all = { sectors: [], cities: [] };
const jeddah = { sectors: [], cities: ['جدة'] };

describe('whom a send reaches', () => {
  it('counts the directory narrowed, the own list whole, and both without an address twice', () => {
    expect(sourceReceivingCount('directory', targets, jeddah, 100)).toBe(8);
    expect(sourceReceivingCount('own_list', targets, jeddah, 100)).toBe(6);
    expect(sourceReceivingCount('both', targets, all, 100)).toBe(24);
    // Narrowed to Jeddah, the own companies also in Riyadh's directory are no longer counted twice.
    expect(sourceReceivingCount('both', targets, jeddah, 100)).toBe(14);
  });

  it('stops at the balance and a send’s limit', () => {
    expect(sourceReceivingCount('both', targets, all, 5)).toBe(5);
    const big = { groups: [{ sector: 'a', city: 'b', count: PACKAGE_COMPANY_LIMIT + 10 }], own: { count: 0, alsoInDirectory: [] } };
    expect(sourceReceivingCount('directory', big, all, PACKAGE_COMPANY_LIMIT * 2)).toBe(PACKAGE_COMPANY_LIMIT);
  });

  it('says what each source may still take', () => {
    const compose = { companiesRemaining: 20, ownCompaniesRemaining: 6 };
    expect(remainingFromSource('directory', compose, targets)).toBe(20);
    expect(remainingFromSource('own_list', compose, targets)).toBe(6);
    expect(remainingFromSource('both', compose, targets)).toBe(24);
    expect(remainingFromSource('both', compose, undefined)).toBe(26);
  });

  it('offers the choice with own companies or a package that allows them', () => {
    expect(offersSourceChoice({ ownCompaniesRemaining: 0, ownListAllowed: false })).toBe(false);
    expect(offersSourceChoice({ ownCompaniesRemaining: 0, ownListAllowed: true })).toBe(true);
    expect(offersSourceChoice({ ownCompaniesRemaining: 3, ownListAllowed: false })).toBe(true);
  });
});
