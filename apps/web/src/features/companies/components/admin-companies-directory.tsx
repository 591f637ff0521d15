import { Button, Group, NativeSelect, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { ADMIN_COMPANIES_PAGE_SIZES, formatNumber } from '@sira/shared';
import type { AdminCompany } from '@sira/shared/schemas/companies-admin';
import { useState } from 'react';
import { typedTextDirection } from '~/components/ui/auto-direction';
import { LoadError } from '~/components/ui/load-error';
import { LoadingRows } from '~/components/ui/loading-rows';
import { PageNav } from '~/components/ui/page-nav';
import { pageSummary } from '~/components/ui/page-summary';
import { useErrorToast } from '~/lib/use-error-toast';
import { useAdminCompanies } from '../api/get-companies';
import { useCompanyPackages } from '../api/get-company-packages';
import { type CompaniesPageSize, pageKeepingFirstRow, useCompaniesPageSize } from '../hooks/use-companies-page-size';
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
 * renders only the rows near the screen however long the page.
 */
export function AdminCompaniesDirectory() {
  const [searchInput, setSearchInput] = useState('');
  const [search] = useDebouncedValue(searchInput.trim(), 300);
  const [packageId, setPackageId] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useCompaniesPageSize();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<AdminCompany | null>(null);

  // A new search or filter starts again at page 1.
  const [filterKey, setFilterKey] = useState(`${search}|${packageId}`);
  if (filterKey !== `${search}|${packageId}`) {
    setFilterKey(`${search}|${packageId}`);
    setPage(1);
  }

  const companies = useAdminCompanies({ search, packageId, page, pageSize });
  // Another page size keeps the row that was at the top of the page on the page shown.
  const changePageSize = (value: string) => {
    const next = Number(value) as CompaniesPageSize;
    setPage(pageKeepingFirstRow(page, pageSize, next));
    setPageSize(next);
  };
  const packages = useCompanyPackages();
  useErrorToast(companies, () => companiesToasts.fetchFailed(companiesErrorText(errorCode(companies.error))));
  useErrorToast(packages, () => companiesToasts.fetchFailed(companiesErrorText(errorCode(packages.error))));
  const packageOptions = (packages.data ?? []).map((p) => ({ value: p.id, label: p.name }));
  const data = companies.isError ? undefined : companies.data;
  // The server answers its last page when the one asked for is gone (rows deleted meanwhile): follow it.
  if (data && !companies.isPlaceholderData && data.page !== page) setPage(data.page);
  const filtered = Boolean(search || packageId);
  // Changed from under the table: the new page's first rows are at the top, so go there.
  const changePageFromBelow = (next: number) => {
    setPage(next);
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
            total={data.total}
            totalIsLowerBound={data.totalIsLowerBound}
            page={data.page}
            pageSize={data.pageSize}
            pageCount={data.pageCount}
            shown={data.items.length}
          />
          {/* Above the table as well as below it: a page may be 1,000 rows long. */}
          <Group justify="space-between" align="flex-end" wrap="wrap">
            <PageNav label={texts.pages} pageCount={data.pageCount} page={page} onChange={setPage} />
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
            firstNumber={(data.page - 1) * data.pageSize + 1}
            packageOptions={packageOptions}
            onDelete={setDeleting}
            busy={companies.isFetching}
          />
          <PageNav label={texts.pagesBelow} pageCount={data.pageCount} page={page} onChange={changePageFromBelow} />
        </>
      )}

      <AdminCompanyAddDialog opened={adding} onClose={() => setAdding(false)} packageOptions={packageOptions} />
      <AdminCompanyDeleteDialog company={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}

function Summary(props: { total: number; totalIsLowerBound: boolean; page: number; pageSize: number; pageCount: number; shown: number }) {
  const summary = pageSummary(props);
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
      {summary.narrow && (
        <Text size="sm" c="gray.8">
          {summary.narrow}
        </Text>
      )}
    </Stack>
  );
}
