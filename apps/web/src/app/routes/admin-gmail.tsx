import { ar } from '@sira/shared';
import { mailboxAdminText } from '@sira/shared/messages/mailbox-admin';
import type { MetaFunction } from 'react-router';
import { AdminGmailSettingsPanel } from '~/features/mailbox/components/admin-gmail-settings-panel';

export const meta: MetaFunction = () => [
  { title: `${mailboxAdminText.heading} | ${ar.nav.admin} | ${ar.app.name}` },
  { name: 'robots', content: 'noindex' },
];

export default function AdminGmail() {
  return <AdminGmailSettingsPanel />;
}
