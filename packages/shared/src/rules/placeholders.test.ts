import { describe, expect, it } from 'vitest';
import { unknownPlaceholders, withReadablePlaceholders } from './placeholders';

describe('placeholders', () => {
  it('knows the three, whatever the spacing or case inside the braces', () => {
    expect(unknownPlaceholders('إلى {{company_name}} في {{ sector }} — {{LOCATION}}')).toEqual([]);
    expect(unknownPlaceholders('لا شيء هنا { واحد } ولا {{')).toEqual([]);
  });

  it('names any other, as written', () => {
    expect(unknownPlaceholders('إلى {{company}} و{{الشركة}} و{{company_name}}')).toEqual(['{{company}}', '{{الشركة}}']);
    expect(unknownPlaceholders('{{}}')).toEqual(['{{}}']);
  });

  it('reads placeholders back as what they stand for, whatever their spacing or case', () => {
    expect(withReadablePlaceholders('طلب توظيف لدى {{company_name}} — {{ Sector }} في {{location}}')).toBe(
      'طلب توظيف لدى «اسم الشركة» — «القطاع» في «الموقع»',
    );
    expect(withReadablePlaceholders('بلا متغيرات {{other}}')).toBe('بلا متغيرات {{other}}');
  });
});
