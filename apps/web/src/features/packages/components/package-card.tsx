import { Badge, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { CURRENCY_LABEL, formatNumber, formatPercent, messageCount, type PackageCard as PackageCardData } from '@sira/shared';
import type { ReactNode } from 'react';
import { withLtrRuns } from '~/components/ui/ltr-runs';

const texts = {
  popular: 'الأكثر طلباً',
  before: 'بدلاً من',
  /** A whole percent: the stored 26.36 reads "خصم 26%". */
  discount: (p: number) => `خصم ${formatPercent(p)}`,
  free: 'مجاناً',
  defaultCta: 'اختر الباقة',
};

/**
 * One package: name, price in riyals, original price and discount, features, and its call to action; `note`
 * says something about this package for this user (the one they have) above the button.
 */
export function PackageCardView({
  pkg,
  action,
  onChoose,
  disabled,
  badge,
  note,
  chooseData,
}: {
  pkg: PackageCardData;
  action?: string;
  onChoose: () => void;
  disabled?: boolean;
  badge?: ReactNode;
  note?: ReactNode;
  /** data-* attributes of the choose button, for the script of a page sent without React (src/static-page). */
  chooseData?: Record<`data-${string}`, string>;
}) {
  const discount = Math.round(Number(pkg.discountPercent ?? 0));
  return (
    <Card
      withBorder
      radius="lg"
      padding="xl"
      shadow={pkg.highlighted ? 'md' : 'xs'}
      style={pkg.highlighted ? { borderColor: 'var(--mantine-color-teal-9)', borderWidth: 2 } : undefined}
    >
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start">
          <Title order={2} fz="xl">
            {pkg.name}
          </Title>
          {badge ?? (pkg.highlighted ? <Badge color="teal.9">{texts.popular}</Badge> : null)}
        </Group>
        {pkg.description ? (
          <Text c="gray.8" size="sm">
            {withLtrRuns(pkg.description)}
          </Text>
        ) : null}
        <Group gap="xs" align="baseline">
          <Text fz={36} fw={700} c="teal.9">
            {pkg.price === 0 ? texts.free : formatNumber(pkg.price)}
          </Text>
          {pkg.price > 0 ? <Text c="gray.8">{CURRENCY_LABEL}</Text> : null}
        </Group>
        {pkg.originalPrice && pkg.originalPrice > pkg.price ? (
          <Group gap="xs">
            <Text c="gray.8" size="sm">
              {texts.before}{' '}
              <Text span inherit td="line-through">
                {formatNumber(pkg.originalPrice)} {CURRENCY_LABEL}
              </Text>
            </Text>
            {discount > 0 ? (
              <Badge color="red" variant="light" c="red.9">
                {texts.discount(discount)}
              </Badge>
            ) : null}
          </Group>
        ) : null}
        <Text fw={700}>{messageCount(pkg.messagesLimit)}</Text>
        <List spacing={6} size="sm" c="gray.9" style={{ flex: 1 }}>
          {pkg.features.map((f, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: lines may repeat in rows saved before repeats were dropped
            <List.Item key={i}>{withLtrRuns(f)}</List.Item>
          ))}
        </List>
        {note ? (
          <Text size="sm" c="gray.9" data-testid="package-note">
            {note}
          </Text>
        ) : null}
        {/* Every card's button reads alike; its accessible name also says which package (visible words first). */}
        <Button
          onClick={onChoose}
          disabled={disabled}
          {...chooseData}
          variant={pkg.highlighted ? 'filled' : 'outline'}
          fullWidth
          mt="md"
          aria-label={`${action ?? pkg.ctaText ?? texts.defaultCta}: ${pkg.name}`}
        >
          {action ?? pkg.ctaText ?? texts.defaultCta}
        </Button>
      </Stack>
    </Card>
  );
}
