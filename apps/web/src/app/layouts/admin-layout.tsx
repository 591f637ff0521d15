import { Container, Stack, Text, Title } from '@mantine/core';
import { ar } from '@sira/shared';
import { NavLink, Outlet, redirect } from 'react-router';
import { queryClient } from '~/config/query-client';
import { AdminStatCards } from '~/features/stats/components/admin-stat-cards';
import { notify } from '~/lib/notify';
import { loginHref } from '~/lib/safe-return';
import { sessionQueryOptions, useSession } from '~/lib/session';
import type { Route } from './+types/admin-layout';
import classes from './admin-layout.module.css';
import { adminTabPath, adminTabs } from './admin-tabs';

/**
 * The administrator panel's shell. The server decides the role (and guards every /api/admin route); this
 * only keeps non-admins from seeing an empty panel: they go home with the spec's message.
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const { user } = await queryClient.fetchQuery({ ...sessionQueryOptions(), staleTime: 0 });
  const url = new URL(request.url);
  if (!user) throw redirect(loginHref(`${url.pathname}${url.search}`));
  if (!user.isAdmin) {
    notify.error(ar.auth.notAuthorizedAdmin);
    throw redirect('/');
  }
  return null;
}

export default function AdminLayout() {
  const session = useSession();
  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1} fz={28}>
            {ar.nav.admin}
          </Title>
          <Text c="gray.8" dir="ltr" ta="right">
            {session.data?.user?.email}
          </Text>
        </div>
        <AdminStatCards />
        <nav aria-label="أقسام لوحة المشرف" className={classes.tabs}>
          {adminTabs.map((tab) => (
            <NavLink key={tab.key} to={adminTabPath(tab.key)} className={classes.tab}>
              {tab.label}
            </NavLink>
          ))}
        </nav>
        <Outlet />
      </Stack>
    </Container>
  );
}
