/** 'عرض X إلى Y من N' and 'صفحة P من T' (spec §2), with 0 of 0 for an empty list. */
export function pageSummary(page: { page: number; pageSize: number; total: number; pageCount: number; shown: number }) {
  const from = page.shown === 0 ? 0 : (page.page - 1) * page.pageSize + 1;
  const to = page.shown === 0 ? 0 : from + page.shown - 1;
  return {
    range: `عرض ${from} إلى ${to} من ${page.total}`,
    page: `صفحة ${page.shown === 0 ? 0 : page.page} من ${page.pageCount}`,
  };
}
