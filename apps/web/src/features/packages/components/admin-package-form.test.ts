import type { AdminPackage } from '@sira/shared/schemas/packages-admin';
import { describe, expect, it } from 'vitest';
import { bodyOf, newPackageValues, valuesOf, withDerivedDiscount } from './admin-package-form';

const saved: AdminPackage = {
  id: '6f1c3f4e-8a7b-4c1d-9e2f-0a1b2c3d4e5f',
  name: 'باقة البداية',
  price: 95,
  messagesLimit: 300,
  features: ['أولى', 'ثانية'],
  canUploadExcel: true,
  description: 'وصف',
  icon: 'rocket',
  ctaText: null,
  highlighted: false,
  originalPrice: 129,
  discountPercent: 26.36,
  reserved: false,
  profilesCount: 0,
  companiesCount: 0,
  updatedAt: '2025-01-01T00:00:00.000Z',
};

describe('package form', () => {
  it('starts a new package with the spec defaults', () => {
    expect(bodyOf({ ...newPackageValues, name: 'جديدة' })).toEqual({
      name: 'جديدة',
      price: 0,
      messagesLimit: 0,
      features: [],
      canUploadExcel: false,
      description: '',
      icon: null,
      ctaText: null,
      highlighted: false,
      originalPrice: null,
      discountPercent: null,
    });
  });

  it('splits features one per line, trimming and dropping blank lines (Windows line ends too)', () => {
    const body = bodyOf({ ...newPackageValues, name: 'x', features: '  أولى \r\n\n   \nثانية\n' });
    expect(body.features).toEqual(['أولى', 'ثانية']);
    // A pasted line or paragraph separator ends a feature too: the server takes each feature as one line.
    expect(bodyOf({ ...newPackageValues, name: 'x', features: 'أولى\u2028ثانية\u2029ثالثة\rرابعة' }).features).toEqual([
      'أولى',
      'ثانية',
      'ثالثة',
      'رابعة',
    ]);
  });

  it('counts an emptied price or message field as 0 and an emptied optional number as none', () => {
    const body = bodyOf({ ...valuesOf(saved), price: '', messagesLimit: '', originalPrice: '', discountPercent: '' });
    expect([body.price, body.messagesLimit, body.originalPrice, body.discountPercent]).toEqual([0, 0, null, null]);
  });

  it('gives back a saved package unchanged when nothing is edited', () => {
    const { id: _id, reserved: _r, profilesCount: _p, companiesCount: _c, updatedAt: _u, discountPercent, ...fields } = saved;
    expect(bodyOf(valuesOf(saved))).toEqual({ ...fields, discountPercent: Number(discountPercent) });
  });
});

describe('the discount follows the prices', () => {
  it("computes the percentage from price and original price, as the spec's 26.36 % and 24.62 % are", () => {
    const at = (price: number, originalPrice: number) =>
      withDerivedDiscount({ ...newPackageValues, price, originalPrice, discountPercent: '' }).discountPercent;
    expect(at(95, 129)).toBe(26.36);
    expect(at(150, 199)).toBe(24.62);
    expect(at(199, 249)).toBe(20.08);
  });
  it('leaves the typed discount when there is no higher original price', () => {
    expect(withDerivedDiscount({ ...newPackageValues, price: 95, originalPrice: '', discountPercent: 10 }).discountPercent).toBe(10);
    expect(withDerivedDiscount({ ...newPackageValues, price: 95, originalPrice: 90, discountPercent: 10 }).discountPercent).toBe(10);
  });
});
