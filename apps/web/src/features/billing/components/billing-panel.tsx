import { Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { formatNumber, paths } from '@sira/shared';
import { billingMessageForCode, billingTexts as t } from '@sira/shared/messages/billing';
import { Link } from 'react-router';
import { LoadError } from '~/components/ui/load-error';
import { ApiRequestError } from '~/lib/api-client';
import { useLiveInvalidate } from '~/lib/live-events';
import { useErrorToast } from '~/lib/use-error-toast';
import { billingKey, useBilling } from '../api/get-billing';
import { InvoiceHistoryTable } from './invoice-history-table';

/**
 * The billing page (spec §2): current package and balance, the way to upgrade, and the payment history.
 * It re-fetches when an invoice or the balance changes anywhere (a webhook, another tab, reconciliation).
 */
export function BillingPanel() {
  const billing = useBilling();
  useErrorToast(billing, t.loadFailed);
  useLiveInvalidate('billing', [billingKey]);
  useLiveInvalidate('profile', [billingKey]);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center">
        <Title order={1} fz={28}>
          {t.title}
        </Title>
        <Button component={Link} to={paths.upgrade}>
          {t.upgrade}
        </Button>
      </Group>
      {billing.isPending ? (
        <Stack aria-busy="true">
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <Skeleton height={90} radius="md" />
            <Skeleton height={90} radius="md" />
          </SimpleGrid>
          <Skeleton height={160} radius="md" />
        </Stack>
      ) : billing.isError ? (
        <LoadError
          title={t.loadFailed}
          detail={billingMessageForCode(billing.error instanceof ApiRequestError ? billing.error.code : undefined)}
          query={billing}
        />
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <Card withBorder padding="lg" radius="md" data-testid="billing-package">
              <Text size="sm" c="gray.7">
                {t.currentPackage}
              </Text>
              <Text fz={24} fw={700} mt={4}>
                {billing.data.packageName}
              </Text>
            </Card>
            <Card withBorder padding="lg" radius="md" data-testid="billing-remaining">
              <Text size="sm" c="gray.7">
                {t.remaining}
              </Text>
              <Text fz={24} fw={700} mt={4}>
                {formatNumber(billing.data.messagesRemaining)}
              </Text>
            </Card>
          </SimpleGrid>
          <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="billing-history-title">
            <Title order={2} fz="lg" id="billing-history-title" mb="sm">
              {t.history}
            </Title>
            <InvoiceHistoryTable invoices={billing.data.invoices} busy={billing.isFetching} />
          </Card>
        </>
      )}
    </Stack>
  );
}
