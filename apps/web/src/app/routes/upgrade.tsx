import { Container } from '@mantine/core';
import { ar } from '@sira/shared';
import { upgradeTexts } from '@sira/shared/messages/billing';
import { UpgradePanel } from '~/features/billing/components/upgrade-panel';
import { PackageCardView } from '~/features/packages/components/package-card';
import type { Route } from './+types/upgrade';

export const meta: Route.MetaFunction = () => [{ title: `${upgradeTexts.title} | ${ar.app.name}` }, { name: 'robots', content: 'noindex' }];

export default function Upgrade() {
  return (
    <Container size="lg" py="xl">
      <UpgradePanel CardView={PackageCardView} />
    </Container>
  );
}
