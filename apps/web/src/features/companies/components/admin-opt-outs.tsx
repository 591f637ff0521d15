import { Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { DISPLAY_LOCALE, DISPLAY_TIME_ZONE, messageForCode } from '@sira/shared';
import { optOutMessage, optOutAdminText as t } from '@sira/shared/messages/opt-out';
import type { AdminOptOutMark, AdminOptOutRequest, OptOutRequestStatus } from '@sira/shared/schemas/opt-out';
import { ColumnHeads } from '~/components/ui/column-heads';
import { LoadError } from '~/components/ui/load-error';
import { LoadingRows } from '~/components/ui/loading-rows';
import { LongText } from '~/components/ui/long-text';
import { StackedTable } from '~/components/ui/stacked-table';
import { ApiRequestError } from '~/lib/api-client';
import { notify } from '~/lib/notify';
import { useErrorToast } from '~/lib/use-error-toast';
import { useAdminOptOuts, useDecideOptOutRequest, useLiftOptOut, useUndoOptOutRequest } from '../api/opt-out';

const errorText = (error: unknown) => {
  const code = error instanceof ApiRequestError ? error.code : undefined;
  return optOutMessage(code) ?? messageForCode(code);
};
const loadErrorTitle = (error: unknown) => `خطأ في جلب البيانات: ${errorText(error)}`;

const dateTime = new Intl.DateTimeFormat(DISPLAY_LOCALE, { dateStyle: 'medium', timeStyle: 'short', timeZone: DISPLAY_TIME_ZONE });
const formatDateTime = (iso: string) => dateTime.format(new Date(iso));

const statusText: Record<OptOutRequestStatus, string> = {
  unconfirmed: t.statusUnconfirmed,
  confirmed: t.statusConfirmed,
  approved: t.statusApproved,
  rejected: t.statusRejected,
  undone: t.statusUndone,
};
const statusColor: Record<OptOutRequestStatus, string> = {
  unconfirmed: 'red.9',
  confirmed: 'teal.9',
  approved: 'teal.9',
  rejected: 'gray.7',
  undone: 'gray.7',
};
const sourceText: Record<AdminOptOutMark['source'], string> = {
  confirmed: t.sourceConfirmed,
  admin: t.sourceAdmin,
  page: t.sourceLegacy,
  one_click: t.sourceLegacy,
};

/** Waiting for the administrator: not confirmed yet, or a confirmed redirect (the directory entry moves on approval). */
const isOpen = (r: AdminOptOutRequest) => r.status === 'unconfirmed' || (r.status === 'confirmed' && r.kind === 'redirect');
/** In force, so it can be undone: approved, or a stop the company's address confirmed. */
const inForce = (r: AdminOptOutRequest) => r.status === 'approved' || (r.status === 'confirmed' && r.kind === 'stop');

/** Who asked, through which delivery: the evidence an administrator decides on. */
function Evidence({ item }: { item: AdminOptOutRequest }) {
  return (
    <Stack gap={2}>
      <Text size="xs">
        {t.sentBy}:{' '}
        {item.sender ? (
          <>
            {item.sender.fullName ? `${item.sender.fullName} ` : null}
            <LongText dir="ltr">{item.sender.email}</LongText>
          </>
        ) : (
          t.deletedSender
        )}
      </Text>
      {item.sender ? <Text size="xs">{t.linksUsed(item.sender.linksUsed)}</Text> : null}
      {item.deliverySentAt ? (
        <Text size="xs">
          {t.sentAt}: {formatDateTime(item.deliverySentAt)}
        </Text>
      ) : null}
      {item.requesterIp ? (
        <Text size="xs">
          {t.requesterIp}: <bdi dir="ltr">{item.requesterIp}</bdi>
        </Text>
      ) : null}
    </Stack>
  );
}

function RequestActions({ item }: { item: AdminOptOutRequest }) {
  const decide = useDecideOptOutRequest();
  const undo = useUndoOptOutRequest();
  const done = (text: string) => ({ onSuccess: () => notify.success(text), onError: (error: unknown) => notify.error(errorText(error)) });
  if (isOpen(item)) {
    return (
      <Group gap="xs" wrap="nowrap">
        <Button
          size="xs"
          onClick={() => decide.mutate({ id: item.id, decision: 'approve' }, done(t.approved))}
          loading={decide.isPending && decide.variables?.decision === 'approve'}
          disabled={decide.isPending}
        >
          {t.approve}
        </Button>
        <Button
          size="xs"
          variant="light"
          color="red"
          onClick={() => decide.mutate({ id: item.id, decision: 'reject' }, done(t.rejected))}
          loading={decide.isPending && decide.variables?.decision === 'reject'}
          disabled={decide.isPending}
        >
          {t.reject}
        </Button>
      </Group>
    );
  }
  if (inForce(item)) {
    return (
      <Button size="xs" variant="light" onClick={() => undo.mutate(item.id, done(t.undone))} loading={undo.isPending}>
        {t.undo}
      </Button>
    );
  }
  return null;
}

/**
 * The top of the companies tab (ADR 018): requests made through opt-out links, the ones waiting for a decision
 * first and counted in the heading's badge, each with its evidence.
 */
export function AdminOptOutRequests() {
  const list = useAdminOptOuts();
  useErrorToast(list, () => loadErrorTitle(list.error));
  const open = list.data?.openRequests ?? 0;

  return (
    <Stack gap="md" component="section" aria-labelledby="opt-out-requests-title">
      <Group gap="sm" align="center">
        <Title order={2} fz="xl" id="opt-out-requests-title">
          {t.title}
        </Title>
        {open > 0 ? (
          <Badge color="red.9" variant="filled" size="lg" role="status">
            {t.badge(open)}
          </Badge>
        ) : null}
      </Group>
      <Text size="sm" c="gray.8">
        {t.hint}
      </Text>
      {list.isPending ? (
        <LoadingRows count={2} />
      ) : list.isError ? (
        <LoadError title={loadErrorTitle(list.error)} query={list} />
      ) : list.data.requests.length === 0 ? (
        <Text c="gray.8" role="status" py="md" ta="center">
          {t.requestsEmpty}
        </Text>
      ) : (
        <StackedTable minWidth={920}>
          <Table striped verticalSpacing="xs" aria-label={t.requestsTitle}>
            <ColumnHeads titles={[t.company, t.address, t.request, t.evidence, t.state, t.when, t.actions]} />
            <Table.Tbody>
              {list.data.requests.map((item) => (
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
                    {item.kind === 'redirect' ? (
                      <Stack gap={2}>
                        <Text size="sm">{t.kindRedirect}</Text>
                        <Text size="sm" component="div">
                          <LongText dir="ltr">{item.redirectEmail}</LongText>
                        </Text>
                      </Stack>
                    ) : (
                      <Text size="sm">{t.kindStop}</Text>
                    )}
                  </Table.Td>
                  <Table.Td data-label={t.evidence}>
                    <Evidence item={item} />
                  </Table.Td>
                  <Table.Td data-label={t.state}>
                    <Text size="sm" fw={700} c={statusColor[item.status]}>
                      {statusText[item.status]}
                    </Text>
                  </Table.Td>
                  <Table.Td data-label={t.when}>{formatDateTime(item.createdAt)}</Table.Td>
                  <Table.Td data-label={t.actions}>
                    <RequestActions item={item} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </StackedTable>
      )}
    </Stack>
  );
}

function LiftButton({ mark }: { mark: AdminOptOutMark }) {
  const lift = useLiftOptOut();
  return (
    <Button
      size="xs"
      variant="light"
      // The promise, not mutate's callbacks: the lifted address leaves the list, and this button with it, before
      // the rest of the tab has reloaded — callbacks of an unmounted button are never called.
      onClick={() =>
        lift.mutateAsync(mark.id).then(
          () => notify.success(t.lifted),
          (error: unknown) => notify.error(errorText(error)),
        )
      }
      loading={lift.isPending}
    >
      {t.lift}
    </Button>
  );
}

/** The addresses no user sends to, newest first; the administrator may lift any of them (audited). */
export function AdminOptOutMarks() {
  const list = useAdminOptOuts();
  return (
    <Stack gap="md" component="section" aria-labelledby="opt-out-marks-title">
      <Title order={2} fz="xl" id="opt-out-marks-title">
        {t.marksTitle}
      </Title>
      {list.isPending ? (
        <LoadingRows count={2} />
      ) : list.isError ? (
        <LoadError title={loadErrorTitle(list.error)} query={list} />
      ) : list.data.marks.length === 0 ? (
        <Text c="gray.8" role="status" py="md" ta="center">
          {t.marksEmpty}
        </Text>
      ) : (
        <>
          {list.data.marks.length < list.data.totalMarks ? (
            <Text size="sm" c="gray.8">
              {t.marksHint(list.data.marks.length, list.data.totalMarks)}
            </Text>
          ) : null}
          <StackedTable minWidth={720}>
            <Table striped verticalSpacing="xs" aria-label={t.marksTitle}>
              <ColumnHeads titles={[t.company, t.address, t.state, t.when, t.actions]} />
              <Table.Tbody>
                {list.data.marks.map((mark) => (
                  <Table.Tr key={mark.id}>
                    <Table.Td data-label={t.company}>{mark.companyName}</Table.Td>
                    <Table.Td data-label={t.address}>
                      <LongText dir="ltr">{mark.email}</LongText>
                      {mark.inDirectory ? null : (
                        <Text size="xs" c="gray.8">
                          {t.notInDirectory}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td data-label={t.state}>{sourceText[mark.source]}</Table.Td>
                    <Table.Td data-label={t.when}>{formatDateTime(mark.createdAt)}</Table.Td>
                    <Table.Td data-label={t.actions}>
                      <LiftButton mark={mark} />
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
