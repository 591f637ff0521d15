import { ar } from '@sira/shared';
import type { Route } from './+types/admin-home';

export const meta: Route.MetaFunction = () => [{ title: `${ar.nav.admin} | ${ar.app.name}` }, { name: 'robots', content: 'noindex' }];

export default function AdminHome() {
  return null;
}
