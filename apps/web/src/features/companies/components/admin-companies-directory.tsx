import { Button, Group, NativeSelect, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { ADMIN_COMPANIES_PAGE_SIZES, formatNumber } from '@sira/shared';
import type { AdminCompany } from '@sira/shared/schemas/companies-admin';
import { useState } from 'react';
import { typedTextDirection } from '~/components/ui/auto-direction';
import { KeysetNav } from '~/components/ui/keyset-nav';
import { LoadError } from '~/components/ui/load-error';
import { LoadingRows } from '~/components/ui/loading-rows';
import { keysetSummary } from '~/components/ui/page-summary';
import { useErrorToast } from '~/lib/use-error-toast';
import { useAdminCompanies } from '../api/get-companies';
import { useCompanyPackages } from '../api/get-company-packages';
import { type CompaniesPageSize, useCompaniesPageSize } from '../hooks/use-companies-page-size';
import { companiesErrorText, companiesToasts } from '../utils/companies-feedback';
import { errorCode } from '../utils/error-code';
import { AdminCompaniesImport } from './admin-companies-import';
import { AdminCompaniesTable } from './admin-companies-table';
import { AdminCompanyAddDialog } from './admin-company-add-dialog';
import { AdminCompanyDeleteDialog } from './admin-company-delete-dialog';

const texts = {
  title: 'الشركات',
  legend: 'دليل الشركات التي تُرسل إليها السير الذاتية. كل شركة تتبع باقة واحدة.',
  search: 'بحث',
  searchPlaceholder: 'ابحث بالاسم أو البريد الإلكتروني',
  packageFilter: 'تصفية حسب الباقة',
  allPackages: 'كل الباقات',
  add: 'إضافة شركة',
  empty: 'لا توجد شركات في الدليل بعد. أضف شركة أو ارفع ملف Excel.',
  noMatch: 'لا توجد شركات تطابق البحث أو التصفية.',
  pages: 'صفحات الشركات',
  pagesBelow: 'صفحات الشركات، أسفل الجدول',
  pageSize: 'عدد الصفوف في الصفحة',
};

/**
 * Search, package filter, add, Excel upload and the paginated table with inline edit (spec §2 "companies").
 * A page is a screen's worth of rows unless the administrator chose more (kept in this browser); the table
 * renders only the rows near the screen however long the page. Pages are read by key (the server's cursors):
 * first, previous, next and last, at the same speed anywhere in a directory of a million companies.
 */
export function AdminCompaniesDirectory() {
  const [searchInput, setSearchInput] = useState('');
  const [search] = useDebouncedValue(searchInput.trim(), 300);
  const [packageId, setPackageId] = useState<string | null>(null);
  // The cursor of the page shown (undefined: the first page), as the server's last answer gave it.
  const [cursor, setCursor] = useState<string | undefined>(undefined);
  const [pageSize, setPageSize] = useCompaniesPageSize();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<AdminCompany | null>(null);

  // A new search or filter starts again at the first page (a cursor belongs to its search: the server refuses
  // it with another).
  const [filterKey, setFilterKey] = useState(`${search}|${packageId}`);
  if (filterKey !== `${search}|${packageId}`) {
    setFilterKey(`${search}|${packageId}`);
    setCursor(undefined);
  }

  const companies = useAdminCompanies({ search, packageId, cursor, pageSize });
  const data = companies.isError ? undefined : companies.data;
  // Another page size keeps the row that was at the top of the page at the top.
  const changePageSize = (value: string) => {
    setCursor(data?.cursors.current ?? undefined);
    setPageSize(Number(value) as CompaniesPageSize);
  };
  const packages = useCompanyPackages();
  useErrorToast(companies, () => companiesToasts.fetchFailed(companiesErrorText(errorCode(companies.error))));
  useErrorToast(packages, () => companiesToasts.fetchFailed(companiesErrorText(errorCode(packages.error))));
  const packageOptions = (packages.data ?? []).map((p) => ({ value: p.id, label: p.name }));
  // A cursor the server no longer takes (CURSOR_INVALID): start again from the first page.
  if (companies.isError && errorCode(companies.error) === 'CURSOR_INVALID' && cursor !== undefined) setCursor(undefined);
  const filtered = Boolean(search || packageId);
  // Changed from under the table: the new page's first rows are at the top, so go there.
  const changePageFromBelow = (next: string | undefined) => {
    setCursor(next);
    document.getElementById('admin-companies-title')?.scrollIntoView();
  };

  return (
    <Stack gap="md" component="section" aria-labelledby="admin-companies-title">
      <Group justify="space-between" align="center">
        <Title order={2} fz="xl" id="admin-companies-title">
          {texts.title}
        </Title>
        <Button onClick={() => setAdding(true)}>{texts.add}</Button>
      </Group>
      <Text size="sm" c="gray.8">
        {texts.legend}
      </Text>

      <AdminCompaniesImport packageOptions={packageOptions} />

      <Group align="flex-end" grow preventGrowOverflow={false} wrap="wrap">
        <TextInput
          label={texts.search}
          placeholder={texts.searchPlaceholder}
          type="search"
          // An address reads left to right as it is typed (long@, not @long); an Arabic name right to left.
          ref={typedTextDirection}
          value={searchInput}
          onChange={(event) => setSearchInput(event.currentTarget.value)}
          maw={420}
        />
        <Select
          label={texts.packageFilter}
          placeholder={texts.allPackages}
          data={packageOptions}
          value={packageId}
          onChange={setPackageId}
          clearable
          maw={280}
        />
      </Group>

      {companies.isPending ? (
        <LoadingRows count={6} />
      ) : !data ? (
        <LoadError title={companiesToasts.fetchFailed(companiesErrorText(errorCode(companies.error)))} query={companies} />
      ) : data.items.length === 0 ? (
        <Text c="gray.8" role="status" py="lg" ta="center">
          {filtered ? texts.noMatch : texts.empty}
        </Text>
      ) : (
        <>
          <Summary
            from={data.from}
            fromIsEstimate={data.fromIsEstimate}
            total={data.total}
            totalIsEstimate={data.totalIsEstimate}
            pageSize={data.pageSize}
            shown={data.items.length}
          />
          {/* Above the table as well as below it: a page may be 1,000 rows long. */}
          <Group justify="space-between" align="flex-end" wrap="wrap">
            <KeysetNav label={texts.pages} cursors={data.cursors} onChange={setCursor} />
            <NativeSelect
              label={texts.pageSize}
              data={ADMIN_COMPANIES_PAGE_SIZES.map((size) => ({ value: String(size), label: formatNumber(size) }))}
              value={String(pageSize)}
              onChange={(event) => changePageSize(event.currentTarget.value)}
              size="xs"
              w={150}
            />
          </Group>
          <AdminCompaniesTable
            companies={data.items}
            firstNumber={data.from}
            packageOptions={packageOptions}
            onDelete={setDeleting}
            busy={companies.isFetching}
          />
          <KeysetNav label={texts.pagesBelow} cursors={data.cursors} onChange={changePageFromBelow} />
        </>
      )}

      <AdminCompanyAddDialog opened={adding} onClose={() => setAdding(false)} packageOptions={packageOptions} />
      <AdminCompanyDeleteDialog company={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}

function Summary(props: {
  from: number;
  fromIsEstimate: boolean;
  total: number;
  totalIsEstimate: boolean;
  pageSize: number;
  shown: number;
}) {
  const summary = keysetSummary(props);
  return (
    <Stack gap={4} role="status">
      <Group justify="space-between">
        <Text size="sm" c="gray.8">
          {summary.range}
        </Text>
        <Text size="sm" c="gray.8">
          {summary.page}
        </Text>
      </Group>
      {summary.estimated && (
        <Text size="sm" c="gray.8">
          {summary.estimated}
        </Text>
      )}
    </Stack>
  );
}
