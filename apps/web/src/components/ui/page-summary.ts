import { ar } from '@sira/shared';

/**
 * 'عرض X إلى Y من N' and 'صفحة P من T' (spec §2) for a list paged by key: the server says where the page's first
 * row sits (`from`) and how many rows there are, each exact or estimated; an estimate says «نحو», and
 * `estimated` says why.
 */
export function keysetSummary(page: {
  from: number;
  fromIsEstimate: boolean;
  total: number;
  totalIsEstimate: boolean;
  pageSize: number;
  shown: number;
}) {
  const to = page.shown === 0 ? 0 : page.from + page.shown - 1;
  const estimate = page.fromIsEstimate || page.totalIsEstimate;
  return {
    range: ar.lists.range({ ...page, from: page.shown === 0 ? 0 : page.from, to }),
    page: ar.lists.page(Math.ceil(to / page.pageSize), Math.ceil(page.total / page.pageSize), page.totalIsEstimate),
    ...(estimate ? { estimated: ar.lists.estimated } : {}),
  };
}
