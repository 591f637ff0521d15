import { ar } from '@sira/shared';
import { paymentsAdminTexts } from '@sira/shared/messages/billing-admin';
import type { MetaFunction } from 'react-router';
import { AdminPaymentsPanel } from '~/features/billing/components/admin-payments-panel';

export const meta: MetaFunction = () => [
  { title: `${paymentsAdminTexts.title} | ${ar.nav.admin} | ${ar.app.name}` },
  { name: 'robots', content: 'noindex' },
];

export default function AdminPaymentRoute() {
  return <AdminPaymentsPanel />;
}
