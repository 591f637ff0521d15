import { redirect } from 'react-router';
import { adminTabPath } from '../layouts/admin-tabs';

/** /admin opens the first tab, so every tab has one address to bookmark. */
export function clientLoader() {
  throw redirect(adminTabPath('users'));
}

export default function AdminHome() {
  return null;
}
