import { Alert, Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { type PackageCard, paths } from '@sira/shared';
import { upgradeTexts as t } from '@sira/shared/messages/billing';
import { type ComponentType, type ReactNode, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { LoadError } from '~/components/ui/load-error';
import { useLiveInvalidate } from '~/lib/live-events';
import { useErrorToast } from '~/lib/use-error-toast';
import { billingKey } from '../api/get-billing';
import { useUpgradeOptions } from '../api/get-upgrade-options';
import { PaymentDialog } from './payment-dialog';

/** How one package is drawn; the route passes the packages feature's card so both pages look alike. */
export type UpgradeCardView = ComponentType<{
  pkg: PackageCard;
  action: string;
  onChoose: () => void;
  disabled: boolean;
  badge: ReactNode;
}>;

/**
 * /upgrade (spec §2, §4): purchasable packages in price order, the current one marked and not selectable;
 * select one, then 'upgrade now' opens the payment dialog for it. Back goes one step back in history.
 */
/**
 * Whether one step back lands on a page of Sira: an earlier page in this app, or a page of ours the browser
 * came from. Opened in a new tab or from another site, "back" goes to the dashboard instead of nowhere or away.
 */
function cameFromSira(locationKey: string): boolean {
  if (locationKey !== 'default') return true;
  try {
    return window.history.length > 1 && document.referrer !== '' && new URL(document.referrer).origin === window.location.origin;
  } catch {
    return false;
  }
}

export function UpgradePanel({ CardView }: { CardView: UpgradeCardView }) {
  const options = useUpgradeOptions();
  useErrorToast(options, t.loadFailed);
  useLiveInvalidate('profile', [billingKey]);
  const navigate = useNavigate();
  const location = useLocation();
  const [selected, setSelected] = useState<PackageCard | null>(null);
  const [paying, setPaying] = useState(false);
  const current = options.data?.currentPackageId;
  // A package bought meanwhile (another tab) can no longer be the selection.
  const choice = selected && selected.id !== current ? selected : null;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center">
        <Title order={1} fz={28}>
          {t.title}
        </Title>
        <Button variant="default" onClick={() => (cameFromSira(location.key) ? navigate(-1) : navigate(paths.dashboard))}>
          {t.back}
        </Button>
      </Group>
      <Text c="gray.8">{t.intro}</Text>
      {options.isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} aria-busy="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={320} radius="lg" />
          ))}
        </SimpleGrid>
      ) : options.isError ? (
        <LoadError title={t.loadFailed} detail={options.error.message} query={options} />
      ) : options.data.packages.length === 0 ? (
        <Alert color="yellow" role="status" title={t.empty} />
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {options.data.packages.map((pkg) => {
              const isCurrent = pkg.id === current;
              const isChosen = pkg.id === choice?.id;
              return (
                <CardView
                  key={pkg.id}
                  pkg={pkg}
                  action={isCurrent ? t.current : isChosen ? t.selected : t.select}
                  onChoose={() => setSelected(pkg)}
                  disabled={isCurrent}
                  badge={
                    isCurrent ? (
                      <Badge color="gray.8">{t.current}</Badge>
                    ) : isChosen ? (
                      <Badge color="teal.9">{t.selected}</Badge>
                    ) : undefined
                  }
                />
              );
            })}
          </SimpleGrid>
          <Card withBorder radius="md" padding="md" style={{ position: 'sticky', bottom: 0 }}>
            <Group justify="space-between">
              <Text fw={700} role="status">
                {choice ? t.chosen(choice.name, choice.price) : t.chooseFirst}
              </Text>
              <Button onClick={() => setPaying(true)} disabled={!choice}>
                {t.upgradeNow}
              </Button>
            </Group>
          </Card>
        </>
      )}
      <PaymentDialog pkg={paying ? choice : null} onClose={() => setPaying(false)} />
    </Stack>
  );
}
