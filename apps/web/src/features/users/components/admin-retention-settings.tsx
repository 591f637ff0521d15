import { Button, Card, Group, NumberInput, Stack, Text, Title } from '@mantine/core';
import { accountSecurityText } from '@sira/shared/messages/account-security';
import { RETENTION_DAYS_LIMITS } from '@sira/shared/schemas/retention';
import { useState } from 'react';
import { LoadError } from '~/components/ui/load-error';
import { LoadingRows } from '~/components/ui/loading-rows';
import { notify } from '~/lib/notify';
import { useErrorToast } from '~/lib/use-error-toast';
import { useAdminRetention, useUpdateAdminRetention } from '../api/account-security';

const t = accountSecurityText.admin;
const { min, max } = RETENTION_DAYS_LIMITS;

/** The retention period, on the email_settings tab beside the other sending settings (ADR 012). */
export function AdminRetentionSettings() {
  const retention = useAdminRetention();
  useErrorToast(retention, t.loadFailed);
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="retention-settings-heading">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="retention-settings-heading">
          {t.heading}
        </Title>
        <Text size="sm" c="gray.8">
          {t.description}
        </Text>
        {retention.isPending ? (
          <LoadingRows count={1} height={56} gap="sm" />
        ) : retention.isError ? (
          <LoadError title={t.loadFailed} query={retention} />
        ) : (
          <RetentionForm key={retention.data.days} saved={retention.data.days} />
        )}
      </Stack>
    </Card>
  );
}

function RetentionForm({ saved }: { saved: number }) {
  const [days, setDays] = useState<number | string>(saved);
  const [problem, setProblem] = useState<string | null>(null);
  const update = useUpdateAdminRetention();
  const save = () => {
    const value = typeof days === 'number' ? days : Number(days);
    if (!Number.isInteger(value) || value < min || value > max) {
      setProblem(t.outOfRange(min, max));
      return;
    }
    setProblem(null);
    update.mutate({ days: value }, { onSuccess: () => notify.success(t.saved), onError: (error) => notify.error(error.message) });
  };
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <Group align="flex-end">
        <NumberInput
          label={t.days}
          value={days}
          onChange={setDays}
          min={min}
          max={max}
          allowDecimal={false}
          allowNegative={false}
          error={problem}
          w={180}
        />
        <Button type="submit" loading={update.isPending}>
          {t.save}
        </Button>
      </Group>
    </form>
  );
}
