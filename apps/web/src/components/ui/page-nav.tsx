import { Group, Pagination } from '@mantine/core';

// Mantine's controls are bare arrows: each gets a name a screen reader can say.
const controlLabels: Record<string, string> = {
  first: 'الصفحة الأولى',
  previous: 'الصفحة السابقة',
  next: 'الصفحة التالية',
  last: 'الصفحة الأخيرة',
};
const pageLabel = (page: number) => `الصفحة ${page}`;

/**
 * The page buttons under a server-paged table, in a named <nav> so it is a landmark of its own
 * ("صفحات الشركات", "صفحات المدفوعات", …). Nothing at all with a single page: no lone "1" to press.
 */
export function PageNav({
  label,
  pageCount,
  page,
  onChange,
  justify = 'flex-start',
}: {
  /** The landmark's name: which list these pages belong to. */
  label: string;
  pageCount: number;
  page: number;
  onChange: (page: number) => void;
  justify?: 'flex-start' | 'center';
}) {
  if (pageCount <= 1) return null;
  return (
    <Group justify={justify}>
      <nav aria-label={label}>
        <Pagination
          total={pageCount}
          value={page}
          onChange={onChange}
          getItemProps={(p) => ({ 'aria-label': pageLabel(p) })}
          getControlProps={(control) => ({ 'aria-label': controlLabels[control] })}
        />
      </nav>
    </Group>
  );
}
