import { Alert, Badge, Button, Card, Group, PasswordInput, Select, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { gatewayAdminMessageForCode, gatewayAdminTexts as t } from '@sira/shared/messages/billing-admin';
import type { AdminGatewaySettings, AdminGatewayTestResult } from '@sira/shared/schemas/billing-admin';
import { useState } from 'react';
import { ConnectionTestResult, useConnectionTest } from '~/components/ui/connection-test';
import { FormError } from '~/components/ui/form-error';
import { LoadError } from '~/components/ui/load-error';
import { ApiRequestError } from '~/lib/api-client';
import { notify } from '~/lib/notify';
import { useErrorToast } from '~/lib/use-error-toast';
import { useGatewaySettings, useTestGatewayKeys, useUpdateGatewaySettings } from '../api/admin-gateway-settings';

/** The admin payment_gateway tab (spec §2): Paylink keys and address. Secrets are write-only. */
export function AdminPaymentGatewayPanel() {
  const settings = useGatewaySettings();
  useErrorToast(settings, t.loadFailed);
  return (
    <Stack gap="md" component="section" aria-labelledby="admin-gateway-title">
      <Title order={2} fz="xl" id="admin-gateway-title">
        {t.title}
      </Title>
      <Text size="sm" c="gray.8">
        {t.intro}
      </Text>
      {settings.isPending ? (
        <Skeleton height={320} radius="md" aria-busy="true" />
      ) : settings.isError ? (
        <LoadError title={t.loadFailed} query={settings} />
      ) : (
        // Re-mounted after a save, so the form starts again from what the server stored.
        <GatewayForm key={`${settings.data.apiId}|${settings.data.baseUrl}|${settings.dataUpdatedAt}`} initial={settings.data} />
      )}
    </Stack>
  );
}

function SetBadge({ set }: { set: boolean }) {
  return (
    // Dark text on both: green.9 on the light green reads at 4.06:1 at a badge's 11 px, under the 4.5:1 it needs.
    <Badge color={set ? 'green' : 'gray'} variant="light" c="gray.9">
      {set ? t.set : t.notSet}
    </Badge>
  );
}

/** The keys and address as typed; an empty secret keeps the stored one. */
interface GatewayFormValues {
  apiId: string;
  baseUrl: string;
  secretKey: string;
  webhookSecret: string;
}

/** The fields the connection test tries: a change to one of them makes its last outcome stale. */
const TESTED_FIELDS = ['apiId', 'baseUrl', 'secretKey'] as const;

function GatewayForm({ initial }: { initial: AdminGatewaySettings }) {
  const connection = useConnectionTest<AdminGatewayTestResult['outcome']>();
  const form = useForm<GatewayFormValues>({
    name: 'payment-gateway',
    initialValues: { apiId: initial.apiId, baseUrl: initial.baseUrl, secretKey: '', webhookSecret: '' },
    onValuesChange: (values, previous) => {
      if (TESTED_FIELDS.some((field) => values[field] !== previous[field])) connection.reset();
    },
  });
  const [error, setError] = useState<string | null>(null);
  const save = useUpdateGatewaySettings();
  const test = useTestGatewayKeys();
  const options = initial.baseUrlOptions.map((o) => ({ value: o.url, label: `${t.environments[o.environment]} — ${o.url}` }));
  const keys = () => {
    const { apiId, baseUrl, secretKey } = form.getValues();
    return { apiId: apiId.trim(), baseUrl, ...(secretKey.trim() ? { secretKey: secretKey.trim() } : {}) };
  };

  const runTest = () => {
    setError(null);
    connection.reset();
    test.mutate(keys(), {
      onSuccess: ({ outcome }) => connection.tested(outcome),
      onError: (e) => setError(gatewayAdminMessageForCode(e instanceof ApiRequestError ? e.code : undefined) ?? t.saveFailed),
    });
  };

  const store = (saveUntested: boolean) => {
    setError(null);
    const webhookSecret = form.getValues().webhookSecret;
    save.mutate(
      { ...keys(), ...(webhookSecret.trim() ? { webhookSecret: webhookSecret.trim() } : {}), ...(saveUntested ? { saveUntested } : {}) },
      {
        onSuccess: () => notify.success(t.saved),
        onError: (e) => {
          const code = e instanceof ApiRequestError ? e.code : undefined;
          const rule = gatewayAdminMessageForCode(code);
          if (rule) setError(rule);
          // The server tried the keys before saving (ADR 021): a failed test can be overridden, knowingly.
          connection.saveRefused(code === 'GATEWAY_KEYS_REFUSED' || code === 'GATEWAY_UNREACHABLE');
          notify.error(t.saveFailed);
        },
      },
    );
  };

  const submit = () => {
    connection.reset();
    store(false);
  };

  return (
    <Card withBorder radius="md" padding="lg">
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack>
          {initial.usingDefaults ? (
            <Alert color="blue" role="note">
              {t.defaultsNotice}
            </Alert>
          ) : null}
          <TextInput label={t.apiId} dir="ltr" {...form.getInputProps('apiId')} autoComplete="off" />
          <PasswordInput
            label={
              <Group gap="xs" component="span">
                {t.secretKey} <SetBadge set={initial.secretKeySet} />
              </Group>
            }
            description={t.keepHint}
            dir="ltr"
            {...form.getInputProps('secretKey')}
            autoComplete="new-password"
            visibilityToggleButtonProps={{ 'aria-label': 'إظهار المفتاح أو إخفاؤه' }}
          />
          <Select
            label={t.baseUrl}
            data={options}
            value={form.values.baseUrl}
            onChange={(v) => {
              if (v) form.setFieldValue('baseUrl', v);
            }}
            allowDeselect={false}
          />
          <PasswordInput
            label={
              <Group gap="xs" component="span">
                {t.webhookSecret} <SetBadge set={initial.webhookSecretSet} />
              </Group>
            }
            description={`${t.keepHint} ${t.webhookSecretHint}`}
            dir="ltr"
            {...form.getInputProps('webhookSecret')}
            autoComplete="new-password"
            visibilityToggleButtonProps={{ 'aria-label': 'إظهار السر أو إخفاؤه' }}
          />
          <TextInput label={t.webhookUrl} dir="ltr" value={initial.webhookUrl} readOnly />
          <FormError error={error} />
          <ConnectionTestResult
            test={connection}
            texts={t}
            testId="gateway-test-result"
            saving={save.isPending}
            onSaveAnyway={() => store(true)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={runTest} loading={test.isPending} disabled={save.isPending}>
              {t.test}
            </Button>
            <Button type="submit" loading={save.isPending} disabled={test.isPending}>
              {t.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
