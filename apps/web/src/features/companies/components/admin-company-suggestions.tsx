import { Badge, Button, Checkbox, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { countOf, DISPLAY_LOCALE, DISPLAY_TIME_ZONE, formatNumber, NOUNS } from '@sira/shared';
import { ownCompaniesMessageForCode } from '@sira/shared/messages/own-companies';
import { useState } from 'react';
import { LoadError } from '~/components/ui/load-error';
import { LoadingRows } from '~/components/ui/loading-rows';
import { LongText } from '~/components/ui/long-text';
import { withLtrRuns } from '~/components/ui/ltr-runs';
import { StackedTable } from '~/components/ui/stacked-table';
import { notify } from '~/lib/notify';
import { useCompanyPackages } from '../api/get-company-packages';
import { type SuggestionDecision, useCompanySuggestions, useDecideSuggestions } from '../api/suggestions';
import { companiesErrorText } from '../utils/companies-feedback';
import { errorCode } from '../utils/error-code';

const dateTime = new Intl.DateTimeFormat(DISPLAY_LOCALE, { dateStyle: 'medium', timeStyle: 'short', timeZone: DISPLAY_TIME_ZONE });

const columns = {
  select: 'اختيار',
  name: 'اسم الشركة',
  email: 'البريد الإلكتروني',
  sector: 'القطاع',
  city: 'المدينة',
  date: 'تاريخ الاقتراح',
  directory: 'في الدليل',
} as const;

export const suggestionsTexts = {
  title: 'اقتراحات المستخدمين',
  legend:
    'شركات اقترحها مستخدمون من قوائمهم الخاصة للدليل. لا تظهر لك عناوين قوائمهم إلا ما اقترحوه. اقبل المحدد في باقة ليُضاف إلى دليلها (العنوان الموجود في الدليل لا يُضاف مرة ثانية)، أو ارفضه.',
  table: 'اقتراحات المستخدمين للدليل',
  empty: 'لا توجد اقتراحات بانتظار المراجعة.',
  oldest: (shown: number, total: number) =>
    `تُعرض أقدم ${formatNumber(shown)} من ${countOf(total, NOUNS.company, 'genitive')} بانتظار المراجعة.`,
  pending: (total: number) => `بانتظار المراجعة: ${formatNumber(total)}`,
  loadFailed: 'تعذّر تحميل اقتراحات المستخدمين.',
  selectAll: 'اختيار كل الاقتراحات المعروضة',
  selectOne: (name: string) => `اختيار ${name}`,
  inDirectory: 'موجودة في الدليل',
  notInDirectory: 'جديدة',
  package: 'الباقة التي تُضاف إليها',
  choosePackage: 'اختر الباقة',
  accept: (n: number) => (n > 0 ? `قبول ${countOf(n, NOUNS.company, 'genitive')}` : 'قبول المحدد'),
  decline: (n: number) => (n > 0 ? `رفض ${countOf(n, NOUNS.company, 'genitive')}` : 'رفض المحدد'),
  accepted: (added: number, duplicates: number) =>
    `أضيفت إلى الدليل ${countOf(added, NOUNS.company)}${duplicates ? `، و${countOf(duplicates, NOUNS.company)} كانت فيه من قبل` : ''}`,
  declined: (n: number) => `رُفض اقتراح ${countOf(n, NOUNS.company, 'genitive')}`,
  failed: (msg: string) => `تعذّر حفظ القرار: ${msg}`,
};

/**
 * The admin's review of the rows users suggested for the directory (ADR 029), oldest first: choose some, then
 * accept them into a package's list or decline them.
 */
export function AdminCompanySuggestions() {
  const suggestions = useCompanySuggestions();
  const packages = useCompanyPackages();
  const decide = useDecideSuggestions();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [packageId, setPackageId] = useState<string | null>(null);
  const items = suggestions.data?.items ?? [];
  // A suggestion decided meanwhile (another tab) drops out of the selection.
  const chosen = items.filter((item) => selected.has(item.id)).map((item) => item.id);
  const allChosen = items.length > 0 && chosen.length === items.length;

  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const send = (body: SuggestionDecision) =>
    decide.mutate(body, {
      onSuccess: (outcome) => {
        notify.success(
          body.decision === 'accept'
            ? suggestionsTexts.accepted(outcome.added, outcome.duplicates)
            : suggestionsTexts.declined(outcome.declined),
        );
        setSelected(new Set());
      },
      onError: (error) => {
        const code = errorCode(error);
        notify.error(suggestionsTexts.failed(ownCompaniesMessageForCode(code) ?? companiesErrorText(code)));
      },
    });

  return (
    <Stack gap="md" component="section" aria-labelledby="company-suggestions-title">
      <Group gap="sm" align="center">
        <Title order={2} fz="xl" id="company-suggestions-title">
          {suggestionsTexts.title}
        </Title>
        {suggestions.data && suggestions.data.total > 0 ? (
          <Badge color="blue.9" variant="filled">
            {suggestionsTexts.pending(suggestions.data.total)}
          </Badge>
        ) : null}
      </Group>
      <Text size="sm" c="gray.8">
        {suggestionsTexts.legend}
      </Text>
      {suggestions.isPending ? (
        <LoadingRows count={3} />
      ) : suggestions.isError ? (
        <LoadError title={suggestionsTexts.loadFailed} detail={companiesErrorText(errorCode(suggestions.error))} query={suggestions} />
      ) : items.length === 0 ? (
        <Text c="gray.8" role="status">
          {suggestionsTexts.empty}
        </Text>
      ) : (
        <>
          {suggestions.data.total > items.length ? (
            <Text size="sm" c="gray.8">
              {suggestionsTexts.oldest(items.length, suggestions.data.total)}
            </Text>
          ) : null}
          <Group align="flex-end" wrap="wrap">
            <Select
              label={suggestionsTexts.package}
              placeholder={suggestionsTexts.choosePackage}
              data={(packages.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
              value={packageId}
              onChange={setPackageId}
              w={{ base: '100%', xs: 260 }}
            />
            <Button
              onClick={() => packageId && send({ decision: 'accept', ids: chosen, packageId })}
              disabled={chosen.length === 0 || !packageId}
              loading={decide.isPending && decide.variables?.decision === 'accept'}
            >
              {suggestionsTexts.accept(chosen.length)}
            </Button>
            <Button
              variant="light"
              color="red"
              onClick={() => send({ decision: 'decline', ids: chosen })}
              disabled={chosen.length === 0}
              loading={decide.isPending && decide.variables?.decision === 'decline'}
            >
              {suggestionsTexts.decline(chosen.length)}
            </Button>
          </Group>
          <StackedTable minWidth={900}>
            <Table striped highlightOnHover verticalSpacing="xs" aria-label={suggestionsTexts.table}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">
                    <Checkbox
                      aria-label={suggestionsTexts.selectAll}
                      checked={allChosen}
                      indeterminate={chosen.length > 0 && !allChosen}
                      onChange={(event) => setSelected(event.currentTarget.checked ? new Set(items.map((item) => item.id)) : new Set())}
                    />
                  </Table.Th>
                  {(['name', 'email', 'sector', 'city', 'date', 'directory'] as const).map((key) => (
                    <Table.Th key={key} scope="col">
                      {columns[key]}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((item) => (
                  <Table.Tr key={item.id} data-testid="suggestion-row">
                    <Table.Td data-label={columns.select}>
                      <Checkbox
                        aria-label={suggestionsTexts.selectOne(item.name)}
                        checked={selected.has(item.id)}
                        onChange={(event) => toggle(item.id, event.currentTarget.checked)}
                      />
                    </Table.Td>
                    <Table.Td data-label={columns.name}>
                      <LongText>{withLtrRuns(item.name)}</LongText>
                    </Table.Td>
                    <Table.Td data-label={columns.email}>
                      <LongText dir="ltr">{item.email}</LongText>
                    </Table.Td>
                    <Table.Td data-label={columns.sector}>
                      <LongText>{withLtrRuns(item.sector)}</LongText>
                    </Table.Td>
                    <Table.Td data-label={columns.city}>
                      <LongText>{withLtrRuns(item.city)}</LongText>
                    </Table.Td>
                    <Table.Td data-label={columns.date}>{dateTime.format(new Date(item.suggestedAt))}</Table.Td>
                    <Table.Td data-label={columns.directory}>
                      {item.inDirectory ? (
                        <Badge color="gray.8" variant="filled" size="sm">
                          {suggestionsTexts.inDirectory}
                        </Badge>
                      ) : (
                        <Text span size="sm">
                          {suggestionsTexts.notInDirectory}
                        </Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </StackedTable>
        </>
      )}
    </Stack>
  );
}
