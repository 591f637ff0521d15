import { Container } from '@mantine/core';
import { ar } from '@sira/shared';
import { paymentCallbackTexts } from '@sira/shared/messages/billing';
import { PaymentCallbackPanel } from '~/features/billing/components/payment-callback-panel';
import type { Route } from './+types/payment-callback';

export const meta: Route.MetaFunction = () => [
  { title: `${paymentCallbackTexts.title} | ${ar.app.name}` },
  { name: 'robots', content: 'noindex' },
];

export default function PaymentCallback() {
  return (
    <Container size="xs" py="xl">
      <PaymentCallbackPanel />
    </Container>
  );
}
