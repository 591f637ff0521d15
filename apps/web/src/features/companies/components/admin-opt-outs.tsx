import { Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { DISPLAY_LOCALE, messageForCode } from '@sira/shared';
import { optOutMessage, optOutAdminText as t } from '@sira/shared/messages/opt-out';
import type { AdminOptOut } from '@sira/shared/schemas/opt-out';
import { ColumnHeads } from '~/components/ui/column-heads';
import { LoadError } from '~/components/ui/load-error';
import { LoadingRows } from '~/components/ui/loading-rows';
import { LongText } from '~/components/ui/long-text';
import { StackedTable } from '~/components/ui/stacked-table';
import { ApiRequestError } from '~/lib/api-client';
import { notify } from '~/lib/notify';
import { useErrorToast } from '~/lib/use-error-toast';
import { useAdminOptOuts, useDecideRedirect } from '../api/opt-out';

const errorText = (error: unknown) => {
  const code = error instanceof ApiRequestError ? error.code : undefined;
  return optOutMessage(code) ?? messageForCode(code);
};

const dateTime = new Intl.DateTimeFormat(DISPLAY_LOCALE, { dateStyle: 'medium', timeStyle: 'short' });
const formatDateTime = (iso: string) => dateTime.format(new Date(iso));

const statusText = { pending: t.statusPending, approved: t.statusApproved, rejected: t.statusRejected } as const;
const statusColor = { pending: 'orange.9', approved: 'teal.9', rejected: 'gray.7' } as const;

/** The request column: a plain stop, or the other address asked for and where its decision stands. */
function Request({ item }: { item: AdminOptOut }) {
  if (!item.redirectEmail || !item.redirectStatus) return <Text size="sm">{t.stopOnly}</Text>;
  return (
    <Stack gap={4}>
      <Text size="sm">
        {t.redirectTo} <bdi dir="ltr">{item.redirectEmail}</bdi>
      </Text>
      <Badge color={statusColor[item.redirectStatus]} variant="filled">
        {statusText[item.redirectStatus]}
      </Badge>
    </Stack>
  );
}

/**
 * The companies tab's opt-out section (ADR 013): addresses whose receivers asked for no more CVs, newest first
 * after the redirect requests that wait for a decision; approving one gives the directory entry the new address.
 */
export function AdminOptOuts() {
  const list = useAdminOptOuts();
  const decide = useDecideRedirect();
  useErrorToast(list, () => `خطأ في جلب البيانات: ${errorText(list.error)}`);

  const act = (item: AdminOptOut, decision: 'approve' | 'reject') =>
    decide.mutate(
      { id: item.id, decision },
      {
        onSuccess: () => notify.success(decision === 'approve' ? t.approved : t.rejected),
        onError: (error) => notify.error(errorText(error)),
      },
    );

  return (
    <Stack gap="md" component="section" aria-labelledby="opt-outs-title">
      <Title order={2} fz="xl" id="opt-outs-title">
        {t.title}
      </Title>
      <Text size="sm" c="gray.8">
        {t.hint}
      </Text>
      {list.isPending ? (
        <LoadingRows count={2} />
      ) : list.isError ? (
        <LoadError title={`خطأ في جلب البيانات: ${errorText(list.error)}`} query={list} />
      ) : list.data.items.length === 0 ? (
        <Text c="gray.8" role="status" py="lg" ta="center">
          {t.empty}
        </Text>
      ) : (
        <>
          {list.data.pendingRedirects > 0 ? (
            <Text size="sm" fw={700} role="status">
              {t.pending(list.data.pendingRedirects)}
            </Text>
          ) : null}
          <StackedTable minWidth={820}>
            <Table striped verticalSpacing="xs" aria-label={t.title}>
              <ColumnHeads titles={[t.company, t.address, t.request, t.how, t.when, t.decision]} />
              <Table.Tbody>
                {list.data.items.map((item) => (
                  <Table.Tr key={item.id}>
                    <Table.Td data-label={t.company}>{item.companyName}</Table.Td>
                    <Table.Td data-label={t.address}>
                      <LongText dir="ltr">{item.email}</LongText>
                      {item.inDirectory ? null : (
                        <Text size="xs" c="gray.8">
                          {t.notInDirectory}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td data-label={t.request}>
                      <Request item={item} />
                    </Table.Td>
                    <Table.Td data-label={t.how}>{item.source === 'one_click' ? t.viaOneClick : t.viaPage}</Table.Td>
                    <Table.Td data-label={t.when}>{formatDateTime(item.createdAt)}</Table.Td>
                    <Table.Td data-label={t.decision}>
                      {item.redirectStatus === 'pending' ? (
                        <Group gap="xs" wrap="nowrap">
                          <Button
                            size="xs"
                            onClick={() => act(item, 'approve')}
                            loading={decide.isPending && decide.variables?.id === item.id}
                          >
                            {t.approve}
                          </Button>
                          <Button size="xs" variant="light" color="red" onClick={() => act(item, 'reject')} disabled={decide.isPending}>
                            {t.reject}
                          </Button>
                        </Group>
                      ) : null}
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
