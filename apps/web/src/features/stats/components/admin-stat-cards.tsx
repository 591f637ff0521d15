import { Card, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { ar, CURRENCY_LABEL, formatNumber } from '@sira/shared';
import { LoadError } from '~/components/ui/load-error';
import { useLiveInvalidate } from '~/lib/live-events';
import { useErrorToast } from '~/lib/use-error-toast';
import { adminStatsKey, useAdminStats } from '../api/get-admin-stats';

const texts = { totalUsers: 'إجمالي المستخدمين', revenue: 'إجمالي الإيرادات', sent: 'الرسائل المرسلة', active: 'المستخدمون النشطون' };

/** The four cards of the admin header (spec §2), computed on the server; two by two and compact on a phone. */
export function AdminStatCards() {
  const stats = useAdminStats();
  useErrorToast(stats, ar.errors.generic);
  // Revenue moves when a payment completes. Not on every delivery ('admin-sending' comes four times a second
  // while anyone sends, and each read aggregates whole tables): the sent count refreshes with any admin write
  // and each time the panel is opened.
  useLiveInvalidate('admin-billing', [adminStatsKey]);
  if (stats.isError) return <LoadError title={ar.errors.generic} query={stats} />;
  const s = stats.data;
  const cards = [
    { label: texts.totalUsers, value: s ? formatNumber(s.totalUsers) : '' },
    { label: texts.revenue, value: s ? `${formatNumber(s.totalRevenue)} ${CURRENCY_LABEL}` : '' },
    { label: texts.sent, value: s ? formatNumber(s.messagesSent) : '' },
    { label: texts.active, value: s ? formatNumber(s.activeUsers) : '' },
  ];
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing={{ base: 'xs', xs: 'md' }}>
      {cards.map((c) => (
        <Card key={c.label} withBorder p={{ base: 'xs', xs: 'lg' }} radius="md">
          <Text size="sm" c="gray.7">
            {c.label}
          </Text>
          {s ? (
            <Text fz={{ base: 18, xs: 24 }} fw={700} mt={{ base: 0, xs: 4 }}>
              {c.value}
            </Text>
          ) : (
            <Skeleton height={24} mt={4} />
          )}
        </Card>
      ))}
    </SimpleGrid>
  );
}
