import { Anchor, Card, Skeleton, Stack, Text, Title } from '@mantine/core';
import { paths } from '@sira/shared';
import { sendingText } from '@sira/shared/messages/sending';
import { Link } from 'react-router';
import { LoadError } from '~/components/ui/load-error';
import { useErrorToast } from '~/lib/use-error-toast';
import { useSendingStatus } from '../api/get-status';
import { DeliveriesList } from './deliveries-list';
import { SendingStatusPanel } from './sending-status-panel';

const texts = {
  emptyTitle: 'لم ترسل سيرتك الذاتية بعد',
  emptyLink: 'أرسل سيرتك الذاتية الآن',
  emptyApply: 'أو قدّم على إعلان وظيفة وجدته',
};

/** The dashboard's sending part: the status panel and the delivery list, or the first-time empty state. */
export function SendingActivity() {
  const status = useSendingStatus();
  useErrorToast(status, sendingText.statusLoadFailed);
  if (status.isPending) return <Skeleton height={220} radius="md" aria-busy="true" />;
  if (status.isError && !status.data) {
    return <LoadError title={sendingText.statusLoadFailed} retryLabel={sendingText.retry} query={status} />;
  }
  if (status.data.counts.total === 0) {
    return (
      <Card withBorder radius="md" padding="xl" component="section" aria-labelledby="sending-empty-heading">
        <Stack gap="xs" align="center">
          <Title order={2} fz="lg" id="sending-empty-heading">
            {texts.emptyTitle}
          </Title>
          <Text c="gray.8">{sendingText.noDeliveries}</Text>
          <Anchor component={Link} to={paths.sendResume} fw={700}>
            {texts.emptyLink}
          </Anchor>
          <Anchor component={Link} to={paths.applyToJobAd} fw={700}>
            {texts.emptyApply}
          </Anchor>
        </Stack>
      </Card>
    );
  }
  return (
    <Stack gap="lg">
      <SendingStatusPanel status={status.data} />
      <DeliveriesList />
    </Stack>
  );
}
