import { describe, expect, it } from 'vitest';
import { OWN_LIST_FEATURE } from './messages/own-companies';
import { toPackageCard } from './package-card';

const base = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'باقة',
  price: 99,
  originalPrice: null,
  discountPercent: null,
  messagesLimit: 100,
  features: ['إرسال من بريدك'],
  description: '',
  icon: null,
  ctaText: null,
  highlighted: false,
};

describe('package card', () => {
  it('lists "my companies" only on a package with can_upload_excel, once, and nothing internal', () => {
    expect(toPackageCard({ ...base, canUploadExcel: true }).features).toEqual(['إرسال من بريدك', OWN_LIST_FEATURE]);
    expect(toPackageCard({ ...base, features: [OWN_LIST_FEATURE], canUploadExcel: true }).features).toEqual([OWN_LIST_FEATURE]);
    expect(toPackageCard({ ...base, canUploadExcel: false }).features).toEqual(['إرسال من بريدك']);
    expect(toPackageCard(base).features).toEqual(['إرسال من بريدك']);
    expect(toPackageCard({ ...base, canUploadExcel: true })).not.toHaveProperty('canUploadExcel');
  });
});
