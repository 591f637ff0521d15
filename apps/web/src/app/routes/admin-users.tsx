import { ar } from '@sira/shared';
import { usersAdminTexts } from '@sira/shared/messages/users-admin';
import type { MetaFunction } from 'react-router';
import { useAdminPackages } from '~/features/packages/api/admin-get-packages';
import { AdminUsersPanel } from '~/features/users/components/admin-users-panel';

export const meta: MetaFunction = () => [
  { title: `${usersAdminTexts.title} | ${ar.nav.admin} | ${ar.app.name}` },
  { name: 'robots', content: 'noindex' },
];

/** The users tab; the package choices of its edit dialog come from the packages feature. */
export default function AdminUsersRoute() {
  const packages = useAdminPackages();
  return (
    <AdminUsersPanel
      packageOptions={packages.data?.map(({ name, messagesLimit }) => ({ name, messagesLimit }))}
      packagesFailed={packages.isError}
    />
  );
}
