import { ar } from '@sira/shared';
import { gatewayAdminTexts } from '@sira/shared/messages/billing-admin';
import type { MetaFunction } from 'react-router';
import { AdminPaymentGatewayPanel } from '~/features/billing/components/admin-payment-gateway-form';

export const meta: MetaFunction = () => [
  { title: `${gatewayAdminTexts.title} | ${ar.nav.admin} | ${ar.app.name}` },
  { name: 'robots', content: 'noindex' },
];

export default function AdminPaymentGatewayRoute() {
  return <AdminPaymentGatewayPanel />;
}
