import { Anchor, Card, Group, SimpleGrid, Text } from '@mantine/core';
import { formatNumber, paths } from '@sira/shared';
import type { OwnCompaniesSummary } from '@sira/shared/schemas/own-companies';
import { Link } from 'react-router';

const texts = {
  total: 'شركات في قائمتك',
  reachable: 'يمكن أن يصلها إرسال',
  reachableNote: 'لم تُراسَل من قبل، ولم تطلب إيقاف الاستلام، ولم يُرفض بريدها',
  send: 'أرسل سيرتك إلى شركات قائمتك',
  sendNote: 'في صفحة الإرسال اختر «شركاتي» مصدراً للشركات.',
};

/** The list's two figures, and the way to a send that takes it. */
export function OwnCompaniesSummaryCards({ summary }: { summary: OwnCompaniesSummary }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={texts.total}>
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <div data-testid="own-total">
          <Text size="sm" c="gray.8">
            {texts.total}
          </Text>
          <Text fz={24} fw={700}>
            {formatNumber(summary.total)}
          </Text>
        </div>
        <div data-testid="own-reachable">
          <Text size="sm" c="gray.8">
            {texts.reachable}
          </Text>
          <Text fz={24} fw={700}>
            {formatNumber(summary.reachable)}
          </Text>
          <Text size="xs" c="gray.8">
            {texts.reachableNote}
          </Text>
        </div>
      </SimpleGrid>
      {summary.reachable > 0 ? (
        <Group gap="xs" mt="md">
          <Anchor component={Link} to={paths.sendResume} fw={700}>
            {texts.send}
          </Anchor>
          <Text size="sm" c="gray.8">
            {texts.sendNote}
          </Text>
        </Group>
      ) : null}
    </Card>
  );
}
