import { ar } from '@sira/shared';
import { Outlet } from 'react-router';
import { SiteFooter } from '~/features/content/components/site-footer';
import { SiteHeader } from './site-header';

/** Every public and signed-in page: sticky header, the page, the footer loaded from the server. */
export default function SiteLayout() {
  return (
    <>
      <a href="#main" className="skip-link">
        {ar.app.skipToContent}
      </a>
      <SiteHeader />
      <main id="main" style={{ flex: 1 }}>
        <Outlet />
      </main>
      <SiteFooter />
    </>
  );
}
