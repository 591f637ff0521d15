import { Navigate } from 'react-router';
import { adminTabPath } from '../layouts/admin-tabs';

/**
 * /admin opens the first tab, so every tab has one address to bookmark. The redirect is rendered, not thrown
 * from a loader: loaders of one navigation run side by side, and a loader redirect here could win the race
 * against the sign-in guard, so an anonymous visitor would come back to /admin/users instead of /admin.
 */
export default function AdminHome() {
  return <Navigate to={adminTabPath('users')} replace />;
}
