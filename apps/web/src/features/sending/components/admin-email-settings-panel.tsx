import { Alert, Button, Card, NumberInput, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type SettledChange, settledChanges } from '@sira/shared';
import { sendingAdminMessage, sendingSettingsText as t } from '@sira/shared/messages/sending-admin';
import type { SendingSettings } from '@sira/shared/schemas/sending-admin';
import { useState } from 'react';
import { LoadError } from '~/components/ui/load-error';
import { LoadingRows } from '~/components/ui/loading-rows';
import { ApiRequestError } from '~/lib/api-client';
import { notify } from '~/lib/notify';
import { useErrorToast } from '~/lib/use-error-toast';
import { useAdminSendingSettings } from '../api/admin-get-settings';
import { useUpdateAdminSendingSettings } from '../api/admin-update-settings';
import {
  CAP_FIELDS,
  type CapField,
  capLimits,
  DELAY_FIELDS,
  type DelayField,
  delayLimits,
  draftOf,
  type SettingsDraft,
  settingsInput,
} from '../utils/settings-form';

const capUnit = 'رسالة خلال 24 ساعة';

/** The admin email_settings tab (spec §2, §5): the seven pacing numbers and the daily caps, saved together. */
export function AdminEmailSettingsPanel() {
  const settings = useAdminSendingSettings();
  useErrorToast(settings, t.loadFailed);
  return (
    <Stack component="section" aria-labelledby="email-settings-heading">
      <Title order={2} id="email-settings-heading" fz="xl">
        {t.heading}
      </Title>
      {settings.isPending ? (
        <LoadingRows count={4} height={56} gap="sm" />
      ) : settings.isError ? (
        <LoadError title={t.loadFailed} retryLabel={t.retry} query={settings} />
      ) : (
        // Keyed by the loaded values: after a save the form starts again from what the server stored.
        <SettingsForm key={JSON.stringify(settings.data)} saved={settings.data} />
      )}
    </Stack>
  );
}

function SettingsForm({ saved }: { saved: SendingSettings }) {
  // Nothing typed is refused (below), so the form has no rule of its own.
  const form = useForm<SettingsDraft>({ name: 'sending-settings', initialValues: draftOf(saved) });
  const [serverProblem, setServerProblem] = useState<string | null>(null);
  const update = useUpdateAdminSendingSettings();

  // Spec §5: nothing typed is refused. The save stores every value as settleSendingSettings reads it
  // (non-numeric 0, then held to its range) and the form then shows that; a field stored otherwise than typed is
  // named in the toast, which stays until closed, so a 0 saved as 1 is never a silent success.
  const save = (draft: SettingsDraft) => {
    const input = settingsInput(draft);
    setServerProblem(null);
    update.mutate(input, {
      onSuccess: (stored) => {
        const changes = settledChanges(draft, stored);
        if (changes.length === 0) return notify.success(t.saved);
        const label = (c: SettledChange) => (c.group === 'delay' ? t.fields[c.field as DelayField] : t.dailyCaps[c.field as CapField]);
        notify.warning(t.savedSettled(changes.map((c) => ({ ...c, label: label(c) }))), false);
      },
      onError: (error) => {
        notify.error(t.saveFailed);
        setServerProblem(error instanceof ApiRequestError ? (sendingAdminMessage(error.code) ?? error.message) : t.saveFailed);
      },
    });
  };

  return (
    <form noValidate onSubmit={form.onSubmit(save)}>
      <Stack gap="lg">
        <Alert color="yellow" role="note">
          <Text size="sm">{t.warning}</Text>
        </Alert>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          {DELAY_FIELDS.map((field) => (
            <NumberInput
              key={field}
              label={t.fields[field]}
              {...form.getInputProps(`delay.${field}`)}
              min={delayLimits[field].min}
              max={delayLimits[field].max}
              allowDecimal={false}
              clampBehavior="none"
              description={t.range(delayLimits[field])}
              disabled={update.isPending}
              hideControls
            />
          ))}
        </SimpleGrid>
        <Card withBorder radius="md" padding="md">
          <Stack gap="sm">
            <Title order={3} fz="md">
              {t.dailyCapsHeading}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {CAP_FIELDS.map((field) => (
                <NumberInput
                  key={field}
                  label={t.dailyCaps[field]}
                  description={`${capUnit} — ${t.range(capLimits)}`}
                  {...form.getInputProps(`dailyCaps.${field}`)}
                  min={capLimits.min}
                  max={capLimits.max}
                  allowDecimal={false}
                  clampBehavior="none"
                  disabled={update.isPending}
                  hideControls
                />
              ))}
            </SimpleGrid>
          </Stack>
        </Card>
        {serverProblem ? (
          <Alert color="red" role="alert">
            <Text size="sm" c="red.9">
              {serverProblem}
            </Text>
          </Alert>
        ) : null}
        <Button type="submit" loading={update.isPending} style={{ alignSelf: 'flex-start' }}>
          {t.save}
        </Button>
      </Stack>
    </form>
  );
}
