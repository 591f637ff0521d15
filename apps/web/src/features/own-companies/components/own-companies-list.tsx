import { Alert, Badge, Button, Checkbox, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { countOf, NOUNS } from '@sira/shared';
import type { OwnCompany } from '@sira/shared/schemas/own-companies';
import { useState } from 'react';
import { typedTextDirection } from '~/components/ui/auto-direction';
import { KeysetNav } from '~/components/ui/keyset-nav';
import { LoadError } from '~/components/ui/load-error';
import { LoadingRows } from '~/components/ui/loading-rows';
import { LongText } from '~/components/ui/long-text';
import { withLtrRuns } from '~/components/ui/ltr-runs';
import { keysetSummary } from '~/components/ui/page-summary';
import { StackedTable } from '~/components/ui/stacked-table';
import { ApiRequestError } from '~/lib/api-client';
import { notify } from '~/lib/notify';
import { useOwnCompanies, useSuggestOwnCompanies } from '../api/own-companies';
import { canSuggest, offerable, ownCompaniesErrorText, ownCompanyColumns } from '../utils/own-companies-texts';
import { OwnCompanyDeleteDialog } from './own-company-delete-dialog';
import { OwnCompanyDialog } from './own-company-dialog';

const texts = {
  title: 'قائمة شركاتي',
  table: 'قائمة شركاتي',
  search: 'بحث',
  searchPlaceholder: 'ابحث بالاسم أو البريد الإلكتروني',
  add: 'إضافة شركة',
  empty: 'لا توجد شركات في قائمتك بعد.',
  emptyAllowed: 'ارفع ملف Excel أو أضف شركة بيدك.',
  noMatch: 'لا توجد شركات تطابق البحث.',
  loadFailed: 'تعذّر تحميل قائمة شركاتك.',
  pages: 'صفحات قائمة شركاتي',
  pagesBelow: 'صفحات قائمة شركاتي، أسفل الجدول',
  edit: 'تعديل',
  delete: 'حذف',
  editLabel: (name: string) => `تعديل ${name}`,
  deleteLabel: (name: string) => `حذف ${name}`,
  selectLabel: (name: string) => `اختيار ${name} لاقتراحها للدليل`,
  selectPage: 'اختيار كل شركات الصفحة التي يمكن اقتراحها',
  noContact: '—',
  contacted: 'راسلتها',
  notContacted: 'لم تُراسَل بعد',
  hardFailed: 'رُفض بريدها',
  hardFailedTitle: 'رفض مزوّد البريد رسالتك إلى هذا العنوان لأنه غير صالح، فلا يأخذه إرسال. صحّح العنوان أو احذف الشركة.',
  suggestion: { pending: 'مقترحة للدليل', accepted: 'قُبلت في الدليل', declined: 'لم تُقبل في الدليل' },
  suggestTitle: 'اقتراح شركات لدليل سيرة',
  suggestWhy:
    'تعرف شركة تستحق أن يراسلها غيرك؟ اختر صفوفها واقترحها لدليل سيرة. لا يرى أحد عناوين قائمتك: فقط ما تقترحه يراه المشرف ليراجعه، فإن قبله أضافه إلى الدليل. تبقى الشركة في قائمتك في الحالتين.',
  suggest: (n: number) => (n > 0 ? `اقتراح ${countOf(n, NOUNS.company, 'genitive')} للدليل` : 'اقتراح المحدد للدليل'),
  suggested: (n: number) => `أُرسل اقتراح ${countOf(n, NOUNS.company, 'genitive')} إلى المشرف للمراجعة`,
  suggestFailed: (msg: string) => `تعذّر إرسال الاقتراح: ${msg}`,
};

function StateBadges({ company }: { company: OwnCompany }) {
  return (
    <Group gap={4}>
      {company.contacted ? (
        <Badge color="teal.9" variant="filled" size="sm" data-testid="contacted">
          {texts.contacted}
        </Badge>
      ) : (
        <Badge color="gray.8" variant="outline" size="sm">
          {texts.notContacted}
        </Badge>
      )}
      {company.hardFailures > 0 ? (
        <Badge color="red.9" variant="filled" size="sm" title={texts.hardFailedTitle}>
          {texts.hardFailed}
        </Badge>
      ) : null}
      {company.suggestion ? (
        <Badge color={company.suggestion === 'declined' ? 'gray.8' : 'blue.9'} variant="filled" size="sm">
          {texts.suggestion[company.suggestion]}
        </Badge>
      ) : null}
    </Group>
  );
}

/**
 * The user's list, by name, paged by key, with search; each row's state (contacted, refused, suggested), edit
 * and delete; and the rows chosen to suggest for the directory. Without the feature (`allowed` false) the list
 * can still be read and emptied, not added to or edited.
 */
export function OwnCompaniesList({ allowed }: { allowed: boolean }) {
  const [searchInput, setSearchInput] = useState('');
  const [search] = useDebouncedValue(searchInput.trim(), 300);
  const [cursor, setCursor] = useState<string | undefined>(undefined);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [editing, setEditing] = useState<OwnCompany | null>(null);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<OwnCompany | null>(null);
  const suggest = useSuggestOwnCompanies();

  // A new search starts at the first page: a cursor belongs to its search.
  const [searchKey, setSearchKey] = useState(search);
  if (searchKey !== search) {
    setSearchKey(search);
    setCursor(undefined);
  }
  const companies = useOwnCompanies({ search, cursor });
  // A cursor the server no longer takes (the row it pointed at was deleted): start again from the first page.
  if (companies.isError && companies.error instanceof ApiRequestError && companies.error.code === 'CURSOR_INVALID' && cursor)
    setCursor(undefined);
  const data = companies.isError ? undefined : companies.data;
  const rows = data?.items ?? [];
  const chosen = offerable(selected, rows);
  const choosable = rows.filter(canSuggest);

  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const togglePage = (on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const row of choosable) on ? next.add(row.id) : next.delete(row.id);
      return next;
    });
  const sendSuggestion = () =>
    suggest.mutate(chosen, {
      onSuccess: ({ suggested }) => {
        notify.success(texts.suggested(suggested));
        setSelected(new Set());
      },
      onError: (error) => notify.error(texts.suggestFailed(ownCompaniesErrorText(error))),
    });
  const closeDialog = () => {
    setAdding(false);
    setEditing(null);
  };
  const changePageFromBelow = (next: string | undefined) => {
    setCursor(next);
    document.getElementById('own-list-title')?.scrollIntoView();
  };
  const summary = data ? keysetSummary({ ...data, shown: data.items.length }) : null;
  const allChosen = choosable.length > 0 && choosable.every((row) => selected.has(row.id));
  const someChosen = choosable.some((row) => selected.has(row.id));

  return (
    <Stack gap="md" component="section" aria-labelledby="own-list-title">
      <Group justify="space-between" align="center">
        <Title order={2} fz="lg" id="own-list-title">
          {texts.title}
        </Title>
        {allowed ? <Button onClick={() => setAdding(true)}>{texts.add}</Button> : null}
      </Group>
      <TextInput
        label={texts.search}
        placeholder={texts.searchPlaceholder}
        type="search"
        // An address reads left to right as it is typed; an Arabic name right to left.
        ref={typedTextDirection}
        value={searchInput}
        onChange={(event) => setSearchInput(event.currentTarget.value)}
        maw={420}
      />
      {allowed ? (
        <Alert
          color="blue"
          variant="light"
          title={
            <Text fw={700} size="sm" c="gray.9">
              {texts.suggestTitle}
            </Text>
          }
        >
          <Stack gap="xs">
            <Text size="sm" c="gray.9">
              {texts.suggestWhy}
            </Text>
            <Group>
              <Button size="sm" variant="default" onClick={sendSuggestion} disabled={chosen.length === 0} loading={suggest.isPending}>
                {texts.suggest(chosen.length)}
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : null}

      {companies.isPending ? (
        <LoadingRows count={4} />
      ) : !data ? (
        <LoadError title={texts.loadFailed} detail={ownCompaniesErrorText(companies.error)} query={companies} />
      ) : data.items.length === 0 ? (
        <Text c="gray.8" role="status" py="lg" ta="center">
          {search ? texts.noMatch : allowed ? `${texts.empty} ${texts.emptyAllowed}` : texts.empty}
        </Text>
      ) : (
        <>
          {summary ? (
            <Group justify="space-between" role="status">
              <Text size="sm" c="gray.8">
                {summary.range}
              </Text>
              <Text size="sm" c="gray.8">
                {summary.page}
              </Text>
            </Group>
          ) : null}
          <KeysetNav label={texts.pages} cursors={data.cursors} onChange={setCursor} />
          <StackedTable minWidth={1000}>
            <Table striped highlightOnHover verticalSpacing="xs" aria-label={texts.table} aria-busy={companies.isFetching || undefined}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">
                    {allowed ? (
                      <Checkbox
                        aria-label={texts.selectPage}
                        checked={allChosen}
                        indeterminate={someChosen && !allChosen}
                        disabled={choosable.length === 0}
                        onChange={(event) => togglePage(event.currentTarget.checked)}
                      />
                    ) : (
                      ownCompanyColumns.select
                    )}
                  </Table.Th>
                  {(['name', 'email', 'sector', 'city', 'contactName', 'state', 'actions'] as const).map((key) => (
                    <Table.Th key={key} scope="col">
                      {ownCompanyColumns[key]}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.items.map((company) => (
                  <Table.Tr key={company.id} data-testid="own-company-row">
                    <Table.Td data-label={ownCompanyColumns.select}>
                      <Checkbox
                        aria-label={texts.selectLabel(company.name)}
                        checked={selected.has(company.id) && canSuggest(company)}
                        disabled={!allowed || !canSuggest(company)}
                        onChange={(event) => toggle(company.id, event.currentTarget.checked)}
                      />
                    </Table.Td>
                    <Table.Td data-label={ownCompanyColumns.name}>
                      <LongText>{withLtrRuns(company.name)}</LongText>
                    </Table.Td>
                    <Table.Td data-label={ownCompanyColumns.email}>
                      <LongText dir="ltr">{company.email}</LongText>
                    </Table.Td>
                    <Table.Td data-label={ownCompanyColumns.sector}>
                      <LongText>{withLtrRuns(company.sector)}</LongText>
                    </Table.Td>
                    <Table.Td data-label={ownCompanyColumns.city}>
                      <LongText>{withLtrRuns(company.city)}</LongText>
                    </Table.Td>
                    <Table.Td data-label={ownCompanyColumns.contactName}>
                      <LongText>{company.contactName ? withLtrRuns(company.contactName) : texts.noContact}</LongText>
                    </Table.Td>
                    <Table.Td data-label={ownCompanyColumns.state}>
                      <StateBadges company={company} />
                    </Table.Td>
                    <Table.Td data-label={ownCompanyColumns.actions}>
                      <Group gap="xs" wrap="nowrap">
                        {allowed ? (
                          <Button size="xs" variant="light" onClick={() => setEditing(company)} aria-label={texts.editLabel(company.name)}>
                            {texts.edit}
                          </Button>
                        ) : null}
                        <Button
                          size="xs"
                          variant="light"
                          color="red"
                          onClick={() => setDeleting(company)}
                          aria-label={texts.deleteLabel(company.name)}
                        >
                          {texts.delete}
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </StackedTable>
          <KeysetNav label={texts.pagesBelow} cursors={data.cursors} onChange={changePageFromBelow} />
        </>
      )}

      <OwnCompanyDialog opened={adding || editing !== null} company={editing} onClose={closeDialog} />
      <OwnCompanyDeleteDialog company={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}
