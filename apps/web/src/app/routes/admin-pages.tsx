import { ar } from '@sira/shared';
import { pagesAdminText } from '@sira/shared/messages/content-admin';
import type { MetaFunction } from 'react-router';
import { AdminPagesPanel } from '~/features/content/components/admin-pages-panel';

export const meta: MetaFunction = () => [
  { title: `${pagesAdminText.heading} | ${ar.nav.admin} | ${ar.app.name}` },
  { name: 'robots', content: 'noindex' },
];

export default function AdminPages() {
  return <AdminPagesPanel />;
}
