import { ar } from '@sira/shared';
import { sendingLogsText } from '@sira/shared/messages/sending-admin';
import type { MetaFunction } from 'react-router';
import { AdminEmailLogsPanel } from '~/features/sending/components/admin-email-logs-panel';

export const meta: MetaFunction = () => [
  { title: `${sendingLogsText.heading} | ${ar.nav.admin} | ${ar.app.name}` },
  { name: 'robots', content: 'noindex' },
];

export default function AdminEmailLogs() {
  return <AdminEmailLogsPanel />;
}
