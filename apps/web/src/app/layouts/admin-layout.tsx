import { Container, NativeSelect, Text, Title } from '@mantine/core';
import { ar, messageForCode, type SessionUser } from '@sira/shared';
import { useEffect } from 'react';
import { NavLink, Outlet, redirect, useLocation, useNavigate } from 'react-router';
import { queryClient } from '~/config/query-client';
import { AdminStatCards } from '~/features/stats/components/admin-stat-cards';
import { ApiRequestError } from '~/lib/api-client';
import { notify } from '~/lib/notify';
import { loginHref } from '~/lib/safe-return';
import { sessionQueryOptions, useSession } from '~/lib/session';
import type { Route } from './+types/admin-layout';
import classes from './admin-layout.module.css';
import { adminTabPath, adminTabs } from './admin-tabs';

const TABS_LABEL = 'أقسام لوحة المشرف';

/** One toast however many paths find the role gone (the tab's loader and the layout's session watch). */
const NOT_ADMIN_TOAST = 'not-admin';

/**
 * The administrator panel's shell. The server decides the role (and guards every /api/admin route); this
 * only keeps non-admins from seeing an empty panel: they go home with the spec's message.
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  let user: SessionUser | null;
  try {
    ({ user } = await queryClient.fetchQuery({ ...sessionQueryOptions(), staleTime: 0 }));
  } catch (error) {
    // Spec §8: a failed admin check shows the error and goes home.
    notify.error(messageForCode(error instanceof ApiRequestError ? error.code : undefined));
    throw redirect('/');
  }
  const url = new URL(request.url);
  if (!user) throw redirect(loginHref(`${url.pathname}${url.search}`));
  if (!user.isAdmin) {
    notify.error(ar.auth.notAuthorizedAdmin, undefined, NOT_ADMIN_TOAST);
    throw redirect('/');
  }
  return null;
}

/** Every tab change checks the role again (one session read), not only the first visit to the panel. */
export const shouldRevalidate = () => true;

export default function AdminLayout() {
  const session = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const user = session.data?.user;
  // The role ended while the panel was open (an admin API answered FORBIDDEN and the session was re-read).
  useEffect(() => {
    if (user && !user.isAdmin) {
      notify.error(ar.auth.notAuthorizedAdmin, undefined, NOT_ADMIN_TOAST);
      void navigate('/', { replace: true });
    }
  }, [user, navigate]);
  return (
    <Container size="xl" py={{ base: 'sm', xs: 'xl' }}>
      {/* On a phone the header is kept short (admin-layout.module.css): the tab's own content starts on the first screen. */}
      <div className={classes.panel}>
        <div>
          <Title order={1} fz={{ base: 22, xs: 28 }}>
            {ar.nav.admin}
          </Title>
          <Text c="gray.8" dir="ltr" ta="right" size="sm">
            {session.data?.user?.email}
          </Text>
        </div>
        <AdminStatCards />
        <nav aria-label={TABS_LABEL}>
          <div className={classes.tabs}>
            {adminTabs.map((tab) => (
              <NavLink key={tab.key} to={adminTabPath(tab.key)} className={classes.tab}>
                {tab.label}
              </NavLink>
            ))}
          </div>
          {/* Twelve tabs wrap to five rows on a phone; there they are one drop-down instead. */}
          <NativeSelect
            className={classes.tabPicker}
            aria-label={TABS_LABEL}
            value={pathname.replace(/\/$/, '')}
            data={adminTabs.map((tab) => ({ value: adminTabPath(tab.key), label: tab.label }))}
            onChange={(e) => void navigate(e.currentTarget.value)}
          />
        </nav>
        <Outlet />
      </div>
    </Container>
  );
}
