import { ADMIN_COMPANIES_PAGE_SIZES } from '@sira/shared';
import { useState } from 'react';

const KEY = 'sira.admin.companiesPageSize';
export type CompaniesPageSize = (typeof ADMIN_COMPANIES_PAGE_SIZES)[number];
/** A screen's worth of rows: the tab's other sections stay a short scroll away. */
export const DEFAULT_COMPANIES_PAGE_SIZE: CompaniesPageSize = ADMIN_COMPANIES_PAGE_SIZES[0];

const isPageSize = (n: number): n is CompaniesPageSize => (ADMIN_COMPANIES_PAGE_SIZES as readonly number[]).includes(n);

function stored(): CompaniesPageSize {
  try {
    const n = Number(localStorage.getItem(KEY));
    return isPageSize(n) ? n : DEFAULT_COMPANIES_PAGE_SIZE;
  } catch {
    return DEFAULT_COMPANIES_PAGE_SIZE;
  }
}

/** The directory's page size, as the administrator last chose it in this browser. */
export function useCompaniesPageSize(): [CompaniesPageSize, (size: CompaniesPageSize) => void] {
  const [size, setSize] = useState<CompaniesPageSize>(stored);
  const choose = (next: CompaniesPageSize) => {
    setSize(next);
    try {
      localStorage.setItem(KEY, String(next));
    } catch {
      // Storage can be unavailable (private mode): the choice then lasts until the tab is left.
    }
  };
  return [size, choose];
}
