import { Button, Card, Group, NumberInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { retentionFormSchema } from '@sira/shared/forms/retention';
import { accountSecurityText } from '@sira/shared/messages/account-security';
import { RETENTION_DAYS_LIMITS } from '@sira/shared/schemas/retention';
import { LoadError } from '~/components/ui/load-error';
import { LoadingRows } from '~/components/ui/loading-rows';
import { focusFirstFault, validateWith } from '~/lib/form';
import { notify } from '~/lib/notify';
import { useErrorToast } from '~/lib/use-error-toast';
import { useAdminRetention, useUpdateAdminRetention } from '../api/account-security';

const t = accountSecurityText.admin;
const { min, max } = RETENTION_DAYS_LIMITS;
const validateRetention = validateWith(retentionFormSchema);

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
  const form = useForm<{ days: number | string }>({
    name: 'retention',
    initialValues: { days: saved },
    validate: validateRetention,
  });
  const update = useUpdateAdminRetention();
  const submit = form.onSubmit(
    (values) =>
      update.mutate(
        { days: Number(values.days) },
        { onSuccess: () => notify.success(t.saved), onError: (error) => notify.error(error.message) },
      ),
    (errors) => focusFirstFault(form, errors),
  );
  return (
    <form noValidate onSubmit={submit}>
      <Group align="flex-start">
        <NumberInput
          label={t.days}
          min={min}
          max={max}
          allowDecimal={false}
          allowNegative={false}
          w={180}
          styles={{ error: { color: 'var(--mantine-color-red-9)' } }}
          {...form.getInputProps('days')}
        />
        <Button type="submit" mt={25} loading={update.isPending}>
          {t.save}
        </Button>
      </Group>
    </form>
  );
}
