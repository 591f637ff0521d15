import { ar } from '@sira/shared';
import { packagesAdminTexts } from '@sira/shared/messages/packages-admin';
import type { MetaFunction } from 'react-router';
import { AdminPackagesPanel } from '~/features/packages/components/admin-packages-panel';

export const meta: MetaFunction = () => [
  { title: `${packagesAdminTexts.title} | ${ar.nav.admin} | ${ar.app.name}` },
  { name: 'robots', content: 'noindex' },
];

export default function AdminPackagesRoute() {
  return <AdminPackagesPanel />;
}
