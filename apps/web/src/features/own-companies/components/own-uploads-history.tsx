import { Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { DISPLAY_LOCALE, DISPLAY_TIME_ZONE, formatNumber } from '@sira/shared';
import { ColumnHeads } from '~/components/ui/column-heads';
import { LoadError } from '~/components/ui/load-error';
import { LongText } from '~/components/ui/long-text';
import { StackedTable } from '~/components/ui/stacked-table';
import { useOwnUploads } from '../api/own-companies';

const dateTime = new Intl.DateTimeFormat(DISPLAY_LOCALE, { dateStyle: 'medium', timeStyle: 'short', timeZone: DISPLAY_TIME_ZONE });

const columns = { file: 'الملف', date: 'التاريخ (بتوقيت السعودية)', added: 'أضيفت', skipped: 'تُخطّيت' } as const;

const texts = {
  title: 'الملفات المرفوعة',
  table: 'سجل الملفات المرفوعة',
  empty: 'لم ترفع أي ملف بعد.',
  loadFailed: 'تعذّر تحميل سجل الملفات.',
};

/** The user's uploads, newest first: the file's name, when, and how many of its rows were added or skipped. */
export function OwnUploadsHistory() {
  const uploads = useOwnUploads();
  return (
    <Stack gap="sm" component="section" aria-labelledby="own-uploads-title">
      <Title order={2} fz="lg" id="own-uploads-title">
        {texts.title}
      </Title>
      {uploads.isPending ? (
        <Skeleton height={60} radius="md" />
      ) : uploads.isError ? (
        <LoadError title={texts.loadFailed} query={uploads} />
      ) : uploads.data.length === 0 ? (
        <Text size="sm" c="gray.8">
          {texts.empty}
        </Text>
      ) : (
        <StackedTable minWidth={560}>
          <Table striped verticalSpacing="xs" aria-label={texts.table}>
            <ColumnHeads titles={Object.values(columns)} />
            <Table.Tbody>
              {uploads.data.map((u) => (
                <Table.Tr key={u.id}>
                  <Table.Td data-label={columns.file}>
                    <LongText dir="auto">{u.filename}</LongText>
                  </Table.Td>
                  <Table.Td data-label={columns.date}>{dateTime.format(new Date(u.createdAt))}</Table.Td>
                  <Table.Td data-label={columns.added}>{formatNumber(u.added)}</Table.Td>
                  <Table.Td data-label={columns.skipped}>{formatNumber(u.skipped)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </StackedTable>
      )}
    </Stack>
  );
}
