import { Alert, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { ar, LOW_BALANCE_THRESHOLD, paths } from '@sira/shared';
import { Link } from 'react-router';
import { useProfile } from '../api/get-profile';

const texts = {
  title: 'لوحة التحكم',
  email: 'البريد الإلكتروني',
  package: 'الباقة الحالية',
  remaining: 'الرسائل المتبقية',
  sent: 'الرسائل المرسلة',
  failed: 'الرسائل الفاشلة',
  lowBalance: (n: number) => `رصيدك منخفض: تبقّت لديك ${n} رسائل فقط. قم بترقية باقتك لمواصلة الإرسال.`,
  loadFailed: 'تعذر تحميل بيانات حسابك.',
  tiles: [
    { to: paths.sendResume, title: 'إرسال السيرة الذاتية', body: 'ارفع سيرتك واختر القالب وابدأ الإرسال' },
    { to: paths.billing, title: 'الفواتير والمدفوعات', body: 'سجل مدفوعاتك وباقتك الحالية' },
    { to: paths.upgrade, title: 'ترقية الباقة', body: 'احصل على رسائل وشركات أكثر' },
  ],
};

function Stat({ label, value }: { label: string; value: string | number }) {
  return (
    <Card withBorder padding="lg" radius="md">
      <Text size="sm" c="gray.7">
        {label}
      </Text>
      <Text fz={24} fw={700} mt={4}>
        {value}
      </Text>
    </Card>
  );
}

/** The dashboard's account summary: who, which package, the balance, and where to go next (spec §2). */
export function ProfileOverviewPanel() {
  const profile = useProfile();
  if (profile.isPending) {
    return (
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} aria-busy="true">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} height={90} radius="md" />
        ))}
      </SimpleGrid>
    );
  }
  if (profile.isError) {
    return (
      <Alert color="red" title={texts.loadFailed} role="alert">
        <Text size="sm">{profile.error.message}</Text>
        <Button mt="sm" variant="light" color="red" onClick={() => profile.refetch()}>
          {ar.errors.retry}
        </Button>
      </Alert>
    );
  }
  const p = profile.data;
  return (
    <Stack gap="lg">
      <Title order={1} fz={28}>
        {texts.title}
      </Title>
      <Text c="gray.8">
        {texts.email}: <span dir="ltr">{p.email}</span>
      </Text>
      {p.messagesRemaining < LOW_BALANCE_THRESHOLD ? (
        <Alert color="yellow" role="status">
          {texts.lowBalance(p.messagesRemaining)}
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        <Stat label={texts.package} value={p.packageName} />
        <Stat label={texts.remaining} value={p.messagesRemaining} />
        <Stat label={texts.sent} value={p.messagesSent} />
        <Stat label={texts.failed} value={p.failedCount} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {texts.tiles.map((tile) => (
          <Card key={tile.to} component={Link} to={tile.to} withBorder padding="lg" radius="md">
            <Group justify="space-between">
              <Text fw={700}>{tile.title}</Text>
            </Group>
            <Text size="sm" c="gray.7" mt={4}>
              {tile.body}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
