import { Anchor, Card, List, Stack, Text, Title } from '@mantine/core';
import { formatNumber, paths } from '@sira/shared';
import type { OwnCompaniesSummary } from '@sira/shared/schemas/own-companies';
import { Link } from 'react-router';

const texts = {
  title: 'قائمة شركاتك الخاصة',
  what: 'ارفع ملف Excel بالشركات التي تعرفها، أو أضفها واحدة واحدة، ثم أرسل سيرتك إليها من بريدك بنفس تنظيم الإرسال وسجله، ومع ضمان ألا تصل الشركة الواحدة أكثر من رسالة منك. لا يرى عناوين قائمتك أحد غيرك.',
  notInPackage: 'باقتك الحالية لا تتضمن هذه الميزة.',
  packages: 'الباقات التي تتضمنها:',
  none: 'لا توجد حالياً باقة تتضمن هذه الميزة.',
  price: (price: number) => (price === 0 ? 'مجانية' : `${formatNumber(price)} ريال`),
  upgrade: 'ترقية الباقة',
  kept: 'الشركات التي أضفتها من قبل تبقى في قائمتك أدناه، ويمكنك حذفها.',
};

/** For a package without the feature: what it is, the packages that include it, and the way to upgrade. */
export function OwnCompaniesLocked({ summary }: { summary: OwnCompaniesSummary }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="own-locked-title" data-testid="own-locked">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="own-locked-title">
          {texts.title}
        </Title>
        <Text size="sm">{texts.what}</Text>
        <Text size="sm" fw={700}>
          {texts.notInPackage}
        </Text>
        {summary.packagesWithFeature.length > 0 ? (
          <div>
            <Text size="sm">{texts.packages}</Text>
            <List size="sm">
              {summary.packagesWithFeature.map((p) => (
                <List.Item key={p.id}>
                  {p.name} — {texts.price(p.price)}
                </List.Item>
              ))}
            </List>
          </div>
        ) : (
          <Text size="sm">{texts.none}</Text>
        )}
        <Anchor component={Link} to={paths.upgrade} fw={700}>
          {texts.upgrade}
        </Anchor>
        {summary.total > 0 ? (
          <Text size="sm" c="gray.8">
            {texts.kept}
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}
