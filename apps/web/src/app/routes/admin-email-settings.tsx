import { Stack } from '@mantine/core';
import { ar } from '@sira/shared';
import { sendingSettingsText } from '@sira/shared/messages/sending-admin';
import type { MetaFunction } from 'react-router';
import { AdminEmailSettingsPanel } from '~/features/sending/components/admin-email-settings-panel';
import { AdminSendingPausePanel } from '~/features/sending/components/admin-sending-pause-panel';
import { AdminSendingWindowPanel } from '~/features/sending/components/admin-sending-window-panel';
import { AdminRetentionSettings } from '~/features/users/components/admin-retention-settings';

export const meta: MetaFunction = () => [
  { title: `${sendingSettingsText.heading} | ${ar.nav.admin} | ${ar.app.name}` },
  { name: 'robots', content: 'noindex' },
];

export default function AdminEmailSettings() {
  return (
    <Stack gap="xl">
      <AdminSendingPausePanel />
      <AdminEmailSettingsPanel />
      <AdminRetentionSettings />
      <AdminSendingWindowPanel />
    </Stack>
  );
}
