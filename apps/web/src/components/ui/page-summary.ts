import { countOf, NOUNS } from '@sira/shared';

/**
 * 'عرض X إلى Y من N' and 'صفحة P من T' (spec §2), with 0 of 0 for an empty list. A search the server counted
 * only up to its limit (`totalIsLowerBound`) says «أكثر من N» and, in `narrow`, that only its first pages are
 * shown, rather than pass the limit off as the number of matches.
 */
export function pageSummary(page: {
  page: number;
  pageSize: number;
  total: number;
  pageCount: number;
  shown: number;
  totalIsLowerBound?: boolean;
}) {
  const from = page.shown === 0 ? 0 : (page.page - 1) * page.pageSize + 1;
  const to = page.shown === 0 ? 0 : from + page.shown - 1;
  return {
    range: `عرض ${from} إلى ${to} من ${page.totalIsLowerBound ? `أكثر من ${page.total}` : page.total}`,
    page: `صفحة ${page.shown === 0 ? 0 : page.page} من ${page.pageCount}`,
    ...(page.totalIsLowerBound
      ? {
          narrow: `تطابق البحث أكثر من ${countOf(page.total, NOUNS.company, 'genitive')}، وتُعرض أول ${countOf(page.pageCount, NOUNS.page, 'genitive')} منها فقط. أضف كلمات أدق إلى البحث لتضييق النتائج.`,
        }
      : {}),
  };
}
