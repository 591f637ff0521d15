import { Alert, Anchor, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { LOW_BALANCE_THRESHOLD, messageCount, paths } from '@sira/shared';
import { Link } from 'react-router';
import { LoadError } from '~/components/ui/load-error';
import { useErrorToast } from '~/lib/use-error-toast';
import { useSendingOverview } from '../api/get-overview';
import { formatNumber } from '../utils/format';

const texts = {
  title: 'لوحة التحكم',
  email: 'البريد الإلكتروني',
  package: 'الباقة الحالية',
  remaining: 'الرسائل المتبقية',
  sent: 'الرسائل المرسلة',
  failed: 'الرسائل الفاشلة',
  lowBalance: (n: number) =>
    n <= 0
      ? 'نفد رصيدك من الرسائل. قم بترقية باقتك لمواصلة الإرسال.'
      : `رصيدك منخفض: تبقّت لديك ${messageCount(n)} فقط. قم بترقية باقتك لمواصلة الإرسال.`,
  upgrade: 'ترقية الباقة',
  loadFailed: 'تعذر تحميل بيانات حسابك.',
  retry: 'إعادة المحاولة',
  tiles: [
    { to: paths.sendResume, title: 'إرسال السيرة الذاتية', body: 'ارفع سيرتك واختر القالب وابدأ الإرسال' },
    { to: paths.billing, title: 'الفواتير والمدفوعات', body: 'سجل مدفوعاتك وباقتك الحالية' },
    { to: paths.upgrade, title: 'ترقية الباقة', body: 'احصل على رسائل وشركات أكثر' },
  ],
};

function Stat({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Card withBorder padding="lg" radius="md" data-testid={testId}>
      <Text size="sm" c="gray.7">
        {label}
      </Text>
      <Text fz={24} fw={700} mt={4}>
        {value}
      </Text>
    </Card>
  );
}

/**
 * The dashboard header (spec §2): who, which package, the balance, what was sent and what failed, a
 * low-balance warning under 5, and the three tiles. Sent counts the deliveries that actually left.
 */
export function SendingOverviewPanel() {
  const overview = useSendingOverview();
  useErrorToast(overview, texts.loadFailed);
  if (overview.isPending) {
    return (
      <Stack gap="lg" aria-busy="true">
        <Title order={1} fz={28}>
          {texts.title}
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} height={90} radius="md" />
          ))}
        </SimpleGrid>
      </Stack>
    );
  }
  if (overview.isError) {
    return (
      <Stack gap="lg">
        <Title order={1} fz={28}>
          {texts.title}
        </Title>
        <LoadError title={texts.loadFailed} detail={overview.error.message} retryLabel={texts.retry} query={overview} />
      </Stack>
    );
  }
  const o = overview.data;
  return (
    <Stack gap="lg">
      <Title order={1} fz={28}>
        {texts.title}
      </Title>
      <Text c="gray.8">
        {texts.email}: <span dir="ltr">{o.email}</span>
      </Text>
      {o.messagesRemaining < LOW_BALANCE_THRESHOLD ? (
        <Alert color="yellow" role="status">
          <Group gap="xs">
            <Text size="sm">{texts.lowBalance(o.messagesRemaining)}</Text>
            <Anchor component={Link} to={paths.upgrade} fw={700} size="sm" c="dark.9" td="underline">
              {texts.upgrade}
            </Anchor>
          </Group>
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        <Stat label={texts.package} value={o.packageName} testId="overview-package" />
        <Stat label={texts.remaining} value={formatNumber(o.messagesRemaining)} testId="overview-remaining" />
        <Stat label={texts.sent} value={formatNumber(o.sentMessages)} testId="overview-sent" />
        <Stat label={texts.failed} value={formatNumber(o.failedCount)} testId="overview-failed" />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {texts.tiles.map((tile) => (
          <Card key={tile.to} component={Link} to={tile.to} withBorder padding="lg" radius="md">
            <Text fw={700}>{tile.title}</Text>
            <Text size="sm" c="gray.7" mt={4}>
              {tile.body}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
