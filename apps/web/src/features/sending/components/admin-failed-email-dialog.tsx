import { Button, Group, Stack, Text } from '@mantine/core';
import type { AdminFailedEmail } from '@sira/shared/schemas/sending-admin';
import type { ReactNode } from 'react';
import { Dialog } from '~/components/ui/dialog';
import { formatDateTime, failedEmailTexts as t } from '../utils/failed-emails-texts';

const texts = { title: 'تفاصيل البريد الفاشل', close: 'إغلاق' };

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="sm" c="gray.8">
        {label}
      </Text>
      <Text>{children}</Text>
    </div>
  );
}

/** One failed e-mail in full: the whole provider answer, which the table cuts to one line. */
export function AdminFailedEmailDialog({ failure, onClose }: { failure: AdminFailedEmail | null; onClose: () => void }) {
  return (
    <Dialog opened={failure !== null} onClose={onClose} title={texts.title} closeLabel={texts.close}>
      {failure ? (
        <Stack>
          <Field label={t.email}>
            <span dir="ltr">{failure.email}</span>
          </Field>
          <Field label={t.user}>
            <span dir="ltr">{failure.userEmail}</span>
          </Field>
          <Field label={t.date}>{formatDateTime(failure.createdAt)}</Field>
          <Field label={t.reason}>
            <span dir="auto" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', display: 'block' }}>
              {failure.error}
            </span>
          </Field>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {texts.close}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Dialog>
  );
}
