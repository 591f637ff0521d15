import { Box, Burger, Container } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { ar, paths } from '@sira/shared';
import { type MouseEvent, useEffect } from 'react';
import { NavLink, useLocation, useNavigate } from 'react-router';
import { queryClient } from '~/config/query-client';
import { useSignOut } from '~/features/auth/api/sign-out';
import { isPlainClick } from '~/lib/plain-click';
import { sessionQueryOptions, useSession } from '~/lib/session';
import classes from './site-header.module.css';

interface Item {
  to: string;
  label: string;
}

function useNavItems(): { main: Item[]; account: Item[]; signedIn: boolean; sessionPending: boolean } {
  const { data, isPending: sessionPending } = useSession();
  const user = data?.user ?? null;
  const main: Item[] = [
    { to: paths.pricing, label: ar.nav.pricing },
    { to: paths.about, label: ar.nav.about },
    { to: paths.support, label: ar.nav.support },
  ];
  if (!user) {
    return {
      main,
      account: [
        { to: paths.login, label: ar.nav.login },
        { to: paths.register, label: ar.nav.register },
      ],
      signedIn: false,
      sessionPending,
    };
  }
  const account: Item[] = [{ to: paths.dashboard, label: ar.nav.dashboard }];
  // Shown only when the server says this user is an administrator; the panel itself checks again.
  if (user.isAdmin) account.push({ to: paths.admin, label: ar.nav.admin });
  return { main, account, signedIn: true, sessionPending };
}

export function SiteHeader() {
  const [menuOpen, menu] = useDisclosure(false);
  const location = useLocation();
  const { main, account, signedIn, sessionPending } = useNavItems();
  const signOut = useSignOut();
  const navigate = useNavigate();

  // Following any link (or going back/forward) closes the mobile menu; the path is the trigger, not an input.
  // biome-ignore lint/correctness/useExhaustiveDependencies: location.pathname is the trigger
  useEffect(() => {
    menu.close();
  }, [location.pathname, menu.close]);

  // Until the session is known the header shows login and register. /login signs a signed-in visitor out
  // (spec §2), so a click that early waits for the answer and takes a signed-in visitor to the dashboard.
  const followOnceSessionKnown = (to: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    menu.close();
    if (!sessionPending || !isPlainClick(event)) return;
    event.preventDefault();
    void queryClient
      .fetchQuery(sessionQueryOptions())
      .then(
        ({ user }) => user,
        () => null,
      )
      .then((user) => navigate(user ? paths.dashboard : to));
  };
  const links = (items: Item[], account = false) =>
    items.map((item) => (
      <NavLink key={item.to} to={item.to} className={classes.link} onClick={account ? followOnceSessionKnown(item.to) : menu.close}>
        {item.label}
      </NavLink>
    ));
  const logout = signedIn ? (
    <button
      type="button"
      className={`${classes.link} ${classes.linkButton}`}
      onClick={() => signOut.mutate()}
      disabled={signOut.isPending}
      aria-busy={signOut.isPending}
    >
      {ar.nav.logout}
    </button>
  ) : null;

  return (
    <header className={classes.header}>
      <Container size="lg" className={classes.inner}>
        <NavLink to={paths.home} className={classes.brand} aria-label={`${ar.app.name} - ${ar.nav.home}`}>
          {ar.app.name}
        </NavLink>
        <Box component="nav" aria-label={ar.nav.mainNav} visibleFrom="sm" className={classes.group}>
          {links(main)}
        </Box>
        <Box visibleFrom="sm" className={classes.group} data-island="account">
          {links(account, true)}
          {logout}
        </Box>
        <Burger
          id="menu-toggle"
          hiddenFrom="sm"
          opened={menuOpen}
          onClick={menu.toggle}
          aria-label={ar.nav.menu}
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
        />
      </Container>
      {/* Always in the page (hidden when closed) so the prerendered static pages can open it without React. */}
      <nav id="mobile-menu" aria-label={ar.nav.menu} className={classes.mobileNav} hidden={!menuOpen}>
        {links(main)}
        <div data-island="account" className={classes.mobileAccount}>
          {links(account, true)}
          {logout}
        </div>
      </nav>
    </header>
  );
}
