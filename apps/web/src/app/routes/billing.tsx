import { Container } from '@mantine/core';
import { ar } from '@sira/shared';
import { billingTexts } from '@sira/shared/messages/billing';
import { BillingPanel } from '~/features/billing/components/billing-panel';
import type { Route } from './+types/billing';

export const meta: Route.MetaFunction = () => [{ title: `${billingTexts.title} | ${ar.app.name}` }, { name: 'robots', content: 'noindex' }];

export default function Billing() {
  return (
    <Container size="lg" py="xl">
      <BillingPanel />
    </Container>
  );
}
