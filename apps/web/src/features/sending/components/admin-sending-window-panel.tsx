import { Alert, Button, Card, Checkbox, Group, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { sendingWindowAdminText as t, WEEKDAY_NAMES } from '@sira/shared/messages/sending-window';
import { HOLIDAYS_MAX, isCalendarDate, minutesOf, type SendingWindowSettings } from '@sira/shared/rules/sending-window';
import { useState } from 'react';
import { LoadError } from '~/components/ui/load-error';
import { LoadingRows } from '~/components/ui/loading-rows';
import { notify } from '~/lib/notify';
import { useErrorToast } from '~/lib/use-error-toast';
import { useAdminSendingWindow, useUpdateAdminSendingWindow } from '../api/admin-sending-window';

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

/** What the form holds; holidays are typed one per line. */
interface Draft {
  days: string[];
  start: string;
  end: string;
  holidays: string;
}

/** Checks the draft as the server will; a problem per field, or the settings to save. */
export function readWindowDraft(draft: Draft): { settings: SendingWindowSettings } | { problems: Partial<Record<keyof Draft, string>> } {
  const problems: Partial<Record<keyof Draft, string>> = {};
  if (draft.days.length === 0) problems.days = t.noDays;
  if (!draft.start || !draft.end || minutesOf(draft.end) <= minutesOf(draft.start)) problems.end = t.badHours;
  const lines = draft.holidays
    .split(/[\s,،]+/)
    .map((l) => l.trim())
    .filter(Boolean);
  const bad = lines.filter((l) => !isCalendarDate(l));
  if (bad.length > 0) problems.holidays = t.badHolidays(bad.join('، '));
  else if (new Set(lines).size > HOLIDAYS_MAX) problems.holidays = t.tooManyHolidays(HOLIDAYS_MAX);
  if (Object.keys(problems).length > 0) return { problems };
  return {
    settings: {
      days: draft.days.map(Number).sort((a, b) => a - b),
      start: draft.start,
      end: draft.end,
      holidays: [...new Set(lines)].sort(),
    },
  };
}

function WindowForm({ saved }: { saved: SendingWindowSettings }) {
  const [draft, setDraft] = useState<Draft>({
    days: saved.days.map(String),
    start: saved.start,
    end: saved.end === '24:00' ? '23:59' : saved.end,
    holidays: saved.holidays.join('\n'),
  });
  const [problems, setProblems] = useState<Partial<Record<keyof Draft, string>>>({});
  const [serverProblem, setServerProblem] = useState<string | null>(null);
  const update = useUpdateAdminSendingWindow();
  const change = (next: Partial<Draft>) => {
    setDraft({ ...draft, ...next });
    setProblems({});
    setServerProblem(null);
  };
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const read = readWindowDraft(draft);
    if ('problems' in read) return setProblems(read.problems);
    update.mutate(read.settings, {
      onSuccess: () => notify.success(t.saved),
      onError: () => {
        setServerProblem(t.saveFailed);
        notify.error(t.saveFailed);
      },
    });
  };
  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <Checkbox.Group label={t.days} value={draft.days} onChange={(days) => change({ days })} error={problems.days}>
          <Group gap="md" mt="xs">
            {WEEKDAY_NAMES.map((name, day) => (
              <Checkbox key={name} value={String(day)} label={name} />
            ))}
          </Group>
        </Checkbox.Group>
        <Group grow align="flex-start">
          <TextInput type="time" label={t.start} value={draft.start} onChange={(e) => change({ start: e.currentTarget.value })} dir="ltr" />
          <TextInput
            type="time"
            label={t.end}
            value={draft.end}
            onChange={(e) => change({ end: e.currentTarget.value })}
            error={problems.end}
            dir="ltr"
          />
        </Group>
        <Textarea
          label={t.holidays}
          description={t.holidaysHint}
          placeholder={t.noHolidays}
          value={draft.holidays}
          onChange={(e) => change({ holidays: e.currentTarget.value })}
          error={problems.holidays}
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
