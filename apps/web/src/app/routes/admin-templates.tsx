import { ar } from '@sira/shared';
import { templatesAdminText } from '@sira/shared/messages/templates-admin';
import type { MetaFunction } from 'react-router';
import { AdminTemplatesPanel } from '~/features/templates/components/admin-templates-panel';

export const meta: MetaFunction = () => [
  { title: `${templatesAdminText.heading} | ${ar.nav.admin} | ${ar.app.name}` },
  { name: 'robots', content: 'noindex' },
];

export default function AdminTemplates() {
  return <AdminTemplatesPanel />;
}
