import { ar } from '@sira/shared';
import type { MetaFunction } from 'react-router';
import { AdminCompaniesTab } from '~/features/companies/components/admin-companies-tab';

export const meta: MetaFunction = () => [{ title: `الشركات | ${ar.nav.admin} | ${ar.app.name}` }, { name: 'robots', content: 'noindex' }];

export default function AdminCompaniesRoute() {
  return <AdminCompaniesTab />;
}
