import { ar } from '@sira/shared';
import { footerAdminText } from '@sira/shared/messages/content-admin';
import type { MetaFunction } from 'react-router';
import { AdminFooterPanel } from '~/features/content/components/admin-footer-panel';

export const meta: MetaFunction = () => [
  { title: `${footerAdminText.heading} | ${ar.nav.admin} | ${ar.app.name}` },
  { name: 'robots', content: 'noindex' },
];

export default function AdminFooter() {
  return <AdminFooterPanel />;
}
