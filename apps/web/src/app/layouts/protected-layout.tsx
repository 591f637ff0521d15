import { ar } from '@sira/shared';
import { useEffect } from 'react';
import { Outlet, redirect, useLocation, useNavigate } from 'react-router';
import { queryClient } from '~/config/query-client';
import { loginHref } from '~/lib/safe-return';
import { sessionQueryOptions, useSession } from '~/lib/session';
import type { Route } from './+types/protected-layout';

/** Signed-in areas: an anonymous visitor goes to /login and comes back here afterwards (spec §2, §4). */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const { user } = await queryClient.ensureQueryData(sessionQueryOptions());
  const url = new URL(request.url);
  if (!user) throw redirect(loginHref(`${url.pathname}${url.search}`));
  return null;
}

export default function ProtectedLayout() {
  const session = useSession({ watch: true });
  const navigate = useNavigate();
  const location = useLocation();
  const signedOut = session.data !== undefined && session.data.user === null;
  // The address has already moved on while this page is still drawn: React Router renders the next page in a
  // transition, which a slow phone may take a second to finish. Signing out goes home first and ends the
  // session meanwhile — that is the user leaving, not a session that expired.
  const leaving = signedOut && window.location.pathname !== location.pathname;

  // A session ended elsewhere (other tab, password reset, expiry) sends the user to /login.
  useEffect(() => {
    if (signedOut && !leaving) void navigate(loginHref(`${location.pathname}${location.search}`, { expired: '1' }), { replace: true });
  }, [signedOut, leaving, navigate, location.pathname, location.search]);

  if (leaving) return null;
  if (signedOut) return <p aria-live="polite">{ar.auth.sessionExpired}</p>;
  return <Outlet />;
}
