import { Alert, Card, Radio, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { JobSource } from '@sira/shared';
import { sendPlanText, windowDaysText } from '@sira/shared/messages/sending-window';
import type { SendWindowMode } from '@sira/shared/schemas/sending-window';
import { LoadError } from '~/components/ui/load-error';
import { useSendPlan } from '../api/get-send-plan';
import { formatSaudiDateTime } from '../utils/saudi-time';

/**
 * The user's choice of when the messages may leave (working hours only, the default, or any time) and the
 * plan the server computes for it before anything is sent: how many messages, over how many days, from
 * when, and the expected finish in Saudi time with the Hijri date beside it. `count` narrows the send (a
 * choice of companies); without it the plan is for everything the user may send now from `source`.
 */
export function SendPlan({
  value,
  onChange,
  disabled,
  count,
  source = 'directory',
}: {
  value: SendWindowMode;
  onChange: (mode: SendWindowMode) => void;
  disabled?: boolean;
  count?: number;
  source?: JobSource;
}) {
  const plan = useSendPlan(value, count, source);
  const window = plan.data?.window;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="send-plan-heading" data-testid="send-plan">
      <Stack gap="sm">
        <Title order={3} fz="lg" id="send-plan-heading">
          {sendPlanText.heading}
        </Title>
        <Radio.Group label={sendPlanText.modeLabel} value={value} onChange={(next) => onChange(next as SendWindowMode)}>
          <Stack gap="xs" mt="xs">
            <Radio
              value="working_hours"
              label={sendPlanText.workingHours}
              disabled={disabled}
              description={window ? sendPlanText.workingHoursHint(windowDaysText(window.days), window.start, window.end) : undefined}
            />
            <Radio value="any_time" label={sendPlanText.anyTime} disabled={disabled} description={sendPlanText.anyTimeHint} />
          </Stack>
        </Radio.Group>
        <PlanBody plan={plan} />
      </Stack>
    </Card>
  );
}

function PlanBody({ plan }: { plan: ReturnType<typeof useSendPlan> }) {
  if (plan.isPending) {
    return (
      <Stack gap="xs" role="status" aria-busy="true" aria-label={sendPlanText.loading}>
        <Skeleton height={20} radius="sm" />
        <Skeleton height={20} radius="sm" width="70%" />
      </Stack>
    );
  }
  if (plan.isError) return <LoadError title={sendPlanText.loadFailed} retryLabel={sendPlanText.retry} query={plan} />;
  const p = plan.data;
  if (p.messages <= 0 || !p.finishAt || !p.startsAt) {
    return (
      <Text size="sm" c="gray.8" role="status">
        {sendPlanText.nothing}
      </Text>
    );
  }
  return (
    <Alert
      color="blue"
      role="status"
      title={sendPlanText.summary(p.messages, p.days)}
      data-testid="send-plan-summary"
      aria-busy={plan.isFetching}
    >
      <Stack gap={4}>
        {p.days > 1 && p.sendingDays !== p.days ? <Text size="sm">{sendPlanText.sendingDays(p.sendingDays)}</Text> : null}
        <Text size="sm" data-testid="send-plan-start">
          {sendPlanText.starts(formatSaudiDateTime(p.startsAt))}
        </Text>
        <Text size="sm" fw={700} data-testid="send-plan-finish">
          {sendPlanText.finish(formatSaudiDateTime(p.finishAt))}
        </Text>
        {p.days > 1 ? <Text size="sm">{sendPlanText.firstDay(p.firstDayCount)}</Text> : null}
        {p.ahead > 0 ? <Text size="sm">{sendPlanText.ahead(p.ahead)}</Text> : null}
        <Text size="sm">{p.mailboxLinked ? sendPlanText.cap(p.dailyCap, p.sentLast24h) : sendPlanText.notLinked}</Text>
        <Text size="xs" c="gray.8">
          {sendPlanText.estimateNote}
        </Text>
      </Stack>
    </Alert>
  );
}
