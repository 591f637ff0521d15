import { Alert, Anchor, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { paths } from '@sira/shared';
import { balanceNotice, sendingText } from '@sira/shared/messages/sending';
import type { SendingAccount } from '@sira/shared/schemas/sending';
import { Link } from 'react-router';
import { LoadError } from '~/components/ui/load-error';
import { useErrorToast } from '~/lib/use-error-toast';
import { useSendingOverview } from '../api/get-overview';
import { useSendingStatus } from '../api/get-status';
import { formatNumber } from '../utils/format';

const texts = {
  title: 'لوحة التحكم',
  email: 'البريد الإلكتروني',
  package: 'الباقة الحالية',
  remaining: 'الرسائل المتبقية',
  sent: 'الرسائل المرسلة',
  failed: 'الرسائل الفاشلة',
  upgrade: 'ترقية الباقة',
  loadFailed: 'تعذر تحميل بيانات حسابك.',
  retry: 'إعادة المحاولة',
  /** A figure the sending status could not bring (its panel below says why, with a retry). */
  unknown: '—',
  tiles: [
    { to: paths.sendResume, title: 'إرسال السيرة الذاتية', body: 'ارفع سيرتك واختر القالب وابدأ الإرسال' },
    { to: paths.applyToJobAd, title: 'التقديم على إعلان وظيفة', body: 'الصق إعلاناً وجدته وأرسل سيرتك إلى بريده' },
    { to: paths.billing, title: 'الفواتير والمدفوعات', body: 'سجل مدفوعاتك وباقتك الحالية' },
    { to: paths.upgrade, title: 'ترقية الباقة', body: 'احصل على رسائل وشركات أكثر' },
  ],
};

function Stat({ label, value, note, testId }: { label: string; value: string; note?: string | undefined; testId: string }) {
  return (
    <Card withBorder padding="lg" radius="md" data-testid={testId}>
      <Text size="sm" c="gray.7">
        {label}
      </Text>
      <Text fz={24} fw={700} mt={4}>
        {value}
      </Text>
      {note ? (
        <Text size="sm" c="gray.8" mt={2}>
          {note}
        </Text>
      ) : null}
    </Card>
  );
}

/** The low-balance warning, or — while a send holds the balance it took — the word that it is reserved. */
function BalanceNotice({ account }: { account: SendingAccount }) {
  const notice = balanceNotice(account);
  if (!notice) return null;
  return (
    <Alert color={notice.tone === 'reserved' ? 'teal' : 'yellow'} role="status" data-testid="balance-notice">
      <Group gap="xs">
        <Text size="sm">{notice.text}</Text>
        <Anchor component={Link} to={paths.upgrade} fw={700} size="sm" c="dark.9" td="underline">
          {texts.upgrade}
        </Anchor>
      </Group>
    </Alert>
  );
}

/**
 * The dashboard header (spec §2): who, which package, the balance, what was sent and what failed, a
 * low-balance warning under 5, and the tiles. The figures come with the sending status, read in the same
 * snapshot as the panel below, so the two never disagree.
 */
export function SendingOverviewPanel() {
  const overview = useSendingOverview();
  const status = useSendingStatus();
  useErrorToast(overview, texts.loadFailed);
  if (overview.isPending || status.isPending) {
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
  const account = status.data?.account;
  const figure = (value: number | undefined) => (value === undefined ? texts.unknown : formatNumber(value));
  return (
    <Stack gap="lg">
      <Title order={1} fz={28}>
        {texts.title}
      </Title>
      <Text c="gray.8">
        {texts.email}: <span dir="ltr">{o.email}</span>
      </Text>
      {account ? <BalanceNotice account={account} /> : null}
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        <Stat label={texts.package} value={o.packageName} testId="overview-package" />
        <Stat
          label={texts.remaining}
          value={figure(account?.messagesRemaining)}
          note={account && account.reservedMessages > 0 ? sendingText.reservedBeside(account.reservedMessages) : undefined}
          testId="overview-remaining"
        />
        <Stat label={texts.sent} value={figure(account?.sentMessages)} testId="overview-sent" />
        <Stat label={texts.failed} value={figure(account?.failedCount)} testId="overview-failed" />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2, md: texts.tiles.length }}>
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
