import { Alert, Anchor, Card, Group, Progress, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { paths, withReadablePlaceholders } from '@sira/shared';
import { sendingCountText, sendingText } from '@sira/shared/messages/sending';
import type { SendingStatus } from '@sira/shared/schemas/sending';
import { Link } from 'react-router';
import { ColumnHeads } from '~/components/ui/column-heads';
import { StackedTable } from '~/components/ui/stacked-table';
import { formatDateTime, formatNumber, jobStatusLabel } from '../utils/format';
import { formatSaudiDateTime } from '../utils/saudi-time';
import { JobTargeting } from './job-targeting';
import { StatusBadge } from './status-badge';

const texts = {
  heading: 'حالة الرسائل المجدولة',
  progress: 'تقدم الإرسال',
  done: (done: string, total: string) => `اكتمل ${done} من ${total}`,
  relink: 'أعد ربط بريدك',
  jobs: 'آخر طلبات الإرسال',
  jobColumns: { subject: 'الموضوع', status: 'الحالة', result: 'أُرسلت / فشلت / الإجمالي', date: 'التاريخ' },
};

function Count({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <Card withBorder padding="md" radius="md" data-testid={testId}>
      <Text size="sm" c="gray.7">
        {label}
      </Text>
      <Text fz={22} fw={700}>
        {formatNumber(value)}
      </Text>
    </Card>
  );
}

/**
 * Progress of the current send (spec §2 "scheduled-e-mail status panel"): the requests still running, or the
 * latest one — counts by state, a progress bar, the estimated finish, and why sending waits when it does
 * (sending paused for everyone, Google's daily limit, the mailbox's own daily cap, mailbox unlinked). The
 * account's totals are the header's.
 */
export function SendingStatusPanel({ status }: { status: SendingStatus }) {
  const { counts } = status;
  const done = counts.completed + counts.failed;
  const percent = counts.total > 0 ? Math.round((done / counts.total) * 100) : 0;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="sending-status-heading">
      <Stack gap="md">
        <div>
          <Title order={2} fz="xl" id="sending-status-heading">
            {texts.heading}
          </Title>
          <Text size="sm" c="gray.8" mt={4} data-testid="status-scope">
            {status.running ? sendingText.currentSendRunning : sendingText.currentSendLatest}
          </Text>
        </div>
        <SimpleGrid cols={{ base: 2, md: 4 }}>
          <Count label={sendingCountText.pending} value={counts.pending} testId="status-pending" />
          <Count label={sendingCountText.processing} value={counts.processing} testId="status-processing" />
          <Count label={sendingCountText.completed} value={counts.completed} testId="status-completed" />
          <Count label={sendingCountText.failed} value={counts.failed} testId="status-failed" />
        </SimpleGrid>
        <Stack gap={4}>
          <Group justify="space-between">
            <Text size="sm" fw={700}>
              {texts.progress}
            </Text>
            <Text size="sm" c="gray.8" data-testid="status-progress-text">
              {texts.done(formatNumber(done), formatNumber(counts.total))}
            </Text>
          </Group>
          <Progress value={percent} size="lg" aria-label={texts.progress} color="teal" />
        </Stack>
        {status.estimatedFinishAt ? (
          <Text size="sm" c="gray.8" data-testid="status-eta">
            {/* Walked on the server with the window and holidays (send-plan.ts), re-read on every live update. */}
            {sendingText.estimatedFinish(formatSaudiDateTime(status.estimatedFinishAt))}
          </Text>
        ) : null}
        {status.sendingPaused ? (
          <Alert color="yellow" role="status" data-testid="status-sending-paused">
            {sendingText.platformPaused}
          </Alert>
        ) : null}
        {status.pausedUntil ? (
          <Alert color="yellow" role="status">
            {sendingText.pausedUntil(formatDateTime(status.pausedUntil))}
          </Alert>
        ) : null}
        {status.dailyLimit && !status.pausedUntil ? (
          <Alert color="yellow" role="status" data-testid="status-daily-limit">
            {sendingText.dailyLimitReached(status.dailyLimit.cap, formatDateTime(status.dailyLimit.until))}
          </Alert>
        ) : null}
        {status.windowOpensAt && !status.dailyLimit && !status.pausedUntil ? (
          <Alert color="blue" role="status" data-testid="status-window-opens">
            {sendingText.windowOpens(formatSaudiDateTime(status.windowOpensAt))}
          </Alert>
        ) : null}
        {status.held > 0 ? (
          <Alert color="orange" role="status">
            <Group gap="xs">
              <Text size="sm">{sendingText.held(status.held)}</Text>
              <Anchor component={Link} to={paths.sendResume} size="sm" fw={700} c="dark.9" td="underline">
                {texts.relink}
              </Anchor>
            </Group>
          </Alert>
        ) : null}
        {status.jobs.length > 0 ? <RecentJobs jobs={status.jobs} /> : null}
      </Stack>
    </Card>
  );
}

function RecentJobs({ jobs }: { jobs: SendingStatus['jobs'] }) {
  return (
    <Stack gap="xs">
      <Title order={3} fz="md">
        {texts.jobs}
      </Title>
      <StackedTable minWidth={560}>
        <Table verticalSpacing="xs" aria-label={texts.jobs}>
          <ColumnHeads titles={Object.values(texts.jobColumns)} />
          <Table.Tbody>
            {jobs.map((job) => (
              <Table.Tr key={job.id}>
                <Table.Td maw={280} data-label={texts.jobColumns.subject}>
                  <Text size="sm" lineClamp={1}>
                    {withReadablePlaceholders(job.subject)}
                  </Text>
                  <JobTargeting job={job} />
                </Table.Td>
                <Table.Td data-label={texts.jobColumns.status}>
                  <StatusBadge status={job.status} label={jobStatusLabel(job.status)} />
                </Table.Td>
                <Table.Td data-label={texts.jobColumns.result}>
                  {formatNumber(job.sent)} / {formatNumber(job.failed)} / {formatNumber(job.total)}
                </Table.Td>
                <Table.Td data-label={texts.jobColumns.date}>{formatDateTime(job.createdAt)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </StackedTable>
    </Stack>
  );
}
