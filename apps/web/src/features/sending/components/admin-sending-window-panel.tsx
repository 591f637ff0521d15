import { Alert, Button, Card, Checkbox, Group, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { sendingWindowAdminText as t, WEEKDAY_NAMES } from '@sira/shared/messages/sending-window';
import type { SendingWindowSettings } from '@sira/shared/rules/sending-window';
import { useState } from 'react';
import { LoadError } from '~/components/ui/load-error';
import { LoadingRows } from '~/components/ui/loading-rows';
import { notify } from '~/lib/notify';
import { useErrorToast } from '~/lib/use-error-toast';
import { useAdminSendingWindow, useUpdateAdminSendingWindow } from '../api/admin-sending-window';
import { readWindowDraft, type WindowDraft } from '../utils/window-form';

/**
 * The admin's sending window (Saudi time): the days and hours in which working-hours jobs send, and the
 * holidays on which they do not. Saved on its own, beside the pacing settings of the same tab.
 */
export function AdminSendingWindowPanel() {
  const window = useAdminSendingWindow();
  useErrorToast(window, t.loadFailed);
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="sending-window-heading" data-testid="sending-window">
      <Stack gap="md">
        <Title order={2} id="sending-window-heading" fz="xl">
          {t.heading}
        </Title>
        <Text size="sm" c="gray.8">
          {t.intro}
        </Text>
        {window.isPending ? (
          <LoadingRows count={3} height={48} gap="sm" />
        ) : window.isError ? (
          <LoadError title={t.loadFailed} retryLabel={t.retry} query={window} />
        ) : (
          // Keyed by the loaded values: after a save the form starts again from what the server stored.
          <WindowForm key={JSON.stringify(window.data)} saved={window.data} />
        )}
      </Stack>
    </Card>
  );
}

function WindowForm({ saved }: { saved: SendingWindowSettings }) {
  const [serverProblem, setServerProblem] = useState<string | null>(null);
  const form = useForm<WindowDraft>({
    name: 'sending-window',
    initialValues: {
      days: saved.days.map(String),
      start: saved.start,
      end: saved.end === '24:00' ? '23:59' : saved.end,
      holidays: saved.holidays.join('\n'),
    },
    // Each field at fault says why, as the server would refuse it (utils/window-form.ts).
    validate: (draft) => {
      const read = readWindowDraft(draft);
      return 'problems' in read ? read.problems : {};
    },
    // Any change takes every message away, the server's too.
    onValuesChange: () => {
      form.clearErrors();
      setServerProblem(null);
    },
  });
  const update = useUpdateAdminSendingWindow();
  const submit = (draft: WindowDraft) => {
    const read = readWindowDraft(draft);
    if ('problems' in read) return;
    update.mutate(read.settings, {
      onSuccess: () => notify.success(t.saved),
      onError: () => {
        setServerProblem(t.saveFailed);
        notify.error(t.saveFailed);
      },
    });
  };
  return (
    <form noValidate onSubmit={form.onSubmit(submit)}>
      <Stack gap="md">
        <Checkbox.Group label={t.days} {...form.getInputProps('days')}>
          <Group gap="md" mt="xs">
            {WEEKDAY_NAMES.map((name, day) => (
              <Checkbox key={name} value={String(day)} label={name} />
            ))}
          </Group>
        </Checkbox.Group>
        <Group grow align="flex-start">
          <TextInput type="time" label={t.start} {...form.getInputProps('start')} dir="ltr" />
          <TextInput type="time" label={t.end} description={t.endHint} {...form.getInputProps('end')} dir="ltr" />
        </Group>
        <Textarea
          label={t.holidays}
          description={t.holidaysHint}
          placeholder={t.noHolidays}
          {...form.getInputProps('holidays')}
          autosize
          minRows={3}
          maxRows={12}
          dir="ltr"
        />
        {serverProblem ? (
          <Alert color="red" role="alert">
            <Text size="sm" c="red.9" fw={700}>
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
