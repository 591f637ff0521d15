import { ar } from '@sira/shared';
import { auditAdminText } from '@sira/shared/messages/audit-admin';
import type { MetaFunction } from 'react-router';
import { AdminAuditPanel } from '~/features/audit/components/admin-audit-panel';

export const meta: MetaFunction = () => [
  { title: `${auditAdminText.heading} | ${ar.nav.admin} | ${ar.app.name}` },
  { name: 'robots', content: 'noindex' },
];

export default function AdminAudit() {
  return <AdminAuditPanel />;
}
