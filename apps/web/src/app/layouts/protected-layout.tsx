import { ar } from '@sira/shared';
import type { ReactNode } from 'react';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { loginHref } from '~/lib/safe-return';
import { useSession } from '~/lib/session';

/**
 * Signed-in areas: an anonymous visitor goes to /login and comes back here afterwards (spec §2, §4). The server
 * sends a visitor without a session from the pages it draws (/dashboard, /send-resume, /my-data) to /login
 * itself; this guard covers the others and moves within the app. It is a component, not a route loader: the
 * server-drawn pages hydrate as they are, with no loader to wait for.
 */
export default function ProtectedLayout() {
  const session = useSession({ watch: true });
  const navigate = useNavigate();
  const location = useLocation();
  const user = session.data?.user;
  const signedOut = session.data !== undefined && user === null;
  // Seen signed in on this tab: a session that ends now expired (or was ended elsewhere); one never seen is a
  // visitor who has yet to sign in.
  const wasSignedIn = useRef(false);
  if (user) wasSignedIn.current = true;
  // The address has already moved on while this page is still drawn: React Router renders the next page in a
  // transition, which a slow phone may take a second to finish. Signing out goes home first and ends the
  // session meanwhile — that is the user leaving, not a session that expired.
  const leaving = signedOut && typeof window !== 'undefined' && window.location.pathname !== location.pathname;

  useEffect(() => {
    if (!signedOut || leaving) return;
    const here = `${location.pathname}${location.search}`;
    void navigate(wasSignedIn.current ? loginHref(here, { expired: '1' }) : loginHref(here), { replace: true });
  }, [signedOut, leaving, navigate, location.pathname, location.search]);

  // The session could not be checked (server or network down): the error page, whose retry asks again.
  if (session.isError && session.data === undefined) throw session.error;
  if (leaving) return null;
  if (signedOut) return <p aria-live="polite">{wasSignedIn.current ? ar.auth.sessionExpired : ar.app.loading}</p>;
  // Nothing of the page is drawn before the session is known: its own requests would only answer 401.
  if (!user) return <PageLoading />;
  return <Hydrating>{<Outlet />}</Hydrating>;
}

const never = () => () => {};

/**
 * A page the server drew is on screen before its code runs: until React has taken it over, its controls would
 * take a click or a picked file and forget it. It stays inert (seen, not usable) until then, so nothing the user
 * does on it is lost; a page drawn in the browser is usable at once.
 */
function Hydrating({ children }: { children: ReactNode }) {
  const hydrated = useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
  // The same element before and after, so taking the page over changes two attributes and redraws nothing.
  return (
    <div style={{ display: 'contents' }} inert={!hydrated} data-hydrating={hydrated ? undefined : ''}>
      {children}
    </div>
  );
}

function PageLoading() {
  return (
    <p aria-busy="true" style={{ padding: '2rem', textAlign: 'center' }}>
      {ar.app.loading}
    </p>
  );
}
