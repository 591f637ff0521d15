import { Alert, Badge, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  checkGmailSettings,
  isValidOrigin,
  isValidUrl,
  type MailboxAdminErrorCode,
  mailboxAdminMessage,
  mailboxAdminText as t,
} from '@sira/shared/messages/mailbox-admin';
import type { GmailClientTestResult, GmailSettings } from '@sira/shared/schemas/mailbox-admin';
import { useState } from 'react';
import { ConnectionTestResult, useConnectionTest } from '~/components/ui/connection-test';
import { LoadError } from '~/components/ui/load-error';
import { LoadingRows } from '~/components/ui/loading-rows';
import { PasswordField } from '~/components/ui/password-field';
import { ApiRequestError } from '~/lib/api-client';
import { notify } from '~/lib/notify';
import { useErrorToast } from '~/lib/use-error-toast';
import { useAdminGmailSettings, useTestAdminGmailClient, useUpdateAdminGmailSettings } from '../api/admin-gmail-settings';
import { AdminListField } from './admin-list-field';

/** The admin "gmail" tab (spec §2, §5): the OAuth client users link their Gmail with. */
export function AdminGmailSettingsPanel() {
  const settings = useAdminGmailSettings();
  useErrorToast(settings, t.loadFailed);
  return (
    <Stack component="section" aria-labelledby="gmail-settings-heading">
      <Title order={2} id="gmail-settings-heading" fz="xl">
        {t.heading}
      </Title>
      <Text c="gray.8">{t.intro}</Text>
      {settings.isPending ? (
        <LoadingRows count={4} height={56} gap="sm" />
      ) : settings.isError ? (
        <LoadError title={t.loadFailed} retryLabel={t.retry} query={settings} />
      ) : (
        // Keyed by the stored values: after a save the form starts again from what the server kept.
        <SettingsForm key={JSON.stringify(settings.data)} saved={settings.data} />
      )}
    </Stack>
  );
}

type Field = 'clientId' | 'clientSecret' | 'redirectUris' | 'javascriptOrigins' | 'scopes' | 'form';
const fieldOf: Record<MailboxAdminErrorCode, Field> = {
  GMAIL_CLIENT_ID_INVALID: 'clientId',
  GMAIL_CLIENT_SECRET_REQUIRED: 'clientSecret',
  GMAIL_REDIRECT_URI_REQUIRED: 'redirectUris',
  GMAIL_JS_ORIGIN_REQUIRED: 'javascriptOrigins',
  GMAIL_SCOPES_REQUIRED: 'scopes',
  GMAIL_SCOPES_CANNOT_SEND: 'scopes',
  GMAIL_URL_INVALID: 'form',
  GMAIL_CLIENT_REFUSED: 'form',
  GMAIL_UNREACHABLE: 'form',
};

/** What the admin edits: the client, its secret (empty: keep the stored one) and the three lists. */
type GmailFormValues = Pick<GmailSettings, 'clientId' | 'scopes' | 'redirectUris' | 'javascriptOrigins'> & { clientSecret: string };

const inputOf = (values: GmailFormValues) => ({ ...values, clientId: values.clientId.trim() });

function SettingsForm({ saved }: { saved: GmailSettings }) {
  const form = useForm<GmailFormValues>({
    name: 'gmail-settings',
    initialValues: {
      clientId: saved.clientId,
      clientSecret: '',
      redirectUris: saved.redirectUris,
      javascriptOrigins: saved.javascriptOrigins,
      scopes: saved.scopes,
    },
    // The same rule the server applies; it answers with the same codes if anything slips through. One problem
    // at a time, on the field it is about (or the form).
    validate: (values) => {
      const code = checkGmailSettings(inputOf(values), saved.clientSecretSet);
      return code ? { [fieldOf[code]]: mailboxAdminMessage(code) ?? t.saveFailed } : {};
    },
    // A message stands until the next test or save.
    clearInputErrorOnChange: false,
  });
  const [drafts, setDrafts] = useState<Partial<Record<Field, string>>>({});
  const draftOf = (field: Field) => (draft: string) => setDrafts((d) => ({ ...d, [field]: draft }));
  const update = useUpdateAdminGmailSettings();
  const test = useTestAdminGmailClient();
  const connection = useConnectionTest<GmailClientTestResult['outcome']>();
  const errorFor = (field: Field) => {
    const error = form.errors[field];
    return error ? String(error) : undefined;
  };
  /** The server's refusal, on the field its code is about (or the form). */
  const refused = (error: unknown) => {
    const serverCode = error instanceof ApiRequestError ? (error.code as MailboxAdminErrorCode) : undefined;
    const message = mailboxAdminMessage(serverCode);
    form.setErrors({ [serverCode && message ? fieldOf[serverCode] : 'form']: message ?? t.saveFailed });
  };

  const runTest = () => {
    form.clearErrors();
    connection.reset();
    const { clientId, clientSecret, redirectUris } = inputOf(form.getValues());
    test.mutate(
      { clientId, clientSecret, redirectUris },
      {
        onSuccess: ({ outcome }) => connection.tested(outcome),
        onError: refused,
      },
    );
  };

  const save = (saveUntested = false) => {
    connection.reset();
    const waiting = (['redirectUris', 'javascriptOrigins', 'scopes'] as const).find((field) => drafts[field]?.trim());
    if (waiting) {
      form.setErrors({ [waiting]: t.pendingItem });
      notify.error(t.saveFailed);
      return;
    }
    if (form.validate().hasErrors) {
      notify.error(t.saveFailed);
      return;
    }
    const input = inputOf(form.getValues());
    update.mutate(saveUntested ? { ...input, saveUntested } : input, {
      onSuccess: () => notify.success(t.saved),
      onError: (error) => {
        notify.error(t.saveFailed);
        const serverCode = error instanceof ApiRequestError ? (error.code as MailboxAdminErrorCode) : undefined;
        // The server tried the client before saving (ADR 021): a failed test can be overridden, knowingly.
        connection.saveRefused(serverCode === 'GMAIL_CLIENT_REFUSED' || serverCode === 'GMAIL_UNREACHABLE');
        refused(error);
      },
    });
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <Stack gap="lg">
        <TextInput
          label={t.clientId}
          description={t.clientIdHint}
          dir="ltr"
          {...form.getInputProps('clientId')}
          disabled={update.isPending}
          autoComplete="off"
        />
        <Stack gap={6}>
          <Group gap="xs">
            <Text size="sm" fw={500}>
              {t.secretStatus}
            </Text>
            <Badge color={saved.clientSecretSet ? 'teal.9' : 'gray.7'} variant="filled" data-testid="gmail-secret-status">
              {saved.clientSecretSet ? t.secretStatusSet : t.secretStatusNotSet}
            </Badge>
          </Group>
          <PasswordField
            label={t.clientSecret}
            description={saved.clientSecretSet ? t.clientSecretSet : t.clientSecretNotSet}
            dir="ltr"
            {...form.getInputProps('clientSecret')}
            disabled={update.isPending}
            autoComplete="new-password"
          />
        </Stack>
        <AdminListField
          legend={t.redirectUris}
          inputLabel={t.newRedirectUri}
          items={form.values.redirectUris}
          onChange={(items) => form.setFieldValue('redirectUris', items)}
          isValid={isValidUrl}
          invalidMessage={t.invalidUrl}
          error={errorFor('redirectUris')}
          disabled={update.isPending}
          testId="gmail-redirect-uris"
          onDraftChange={draftOf('redirectUris')}
        />
        <AdminListField
          legend={t.javascriptOrigins}
          inputLabel={t.newOrigin}
          items={form.values.javascriptOrigins}
          onChange={(items) => form.setFieldValue('javascriptOrigins', items)}
          isValid={isValidOrigin}
          invalidMessage={t.invalidUrl}
          error={errorFor('javascriptOrigins')}
          disabled={update.isPending}
          testId="gmail-js-origins"
          onDraftChange={draftOf('javascriptOrigins')}
        />
        <AdminListField
          legend={t.scopes}
          inputLabel={t.newScope}
          items={form.values.scopes}
          onChange={(items) => form.setFieldValue('scopes', items)}
          isValid={(value) => value.length > 0 && !/\s/.test(value)}
          invalidMessage={t.scopesRequired}
          error={errorFor('scopes')}
          disabled={update.isPending}
          testId="gmail-scopes"
          onDraftChange={draftOf('scopes')}
        />
        {errorFor('form') ? (
          <Alert color="red" role="alert">
            <Text size="sm" c="red.9">
              {errorFor('form')}
            </Text>
          </Alert>
        ) : null}
        <ConnectionTestResult
          test={connection}
          texts={t}
          testId="gmail-test-result"
          saving={update.isPending}
          onSaveAnyway={() => save(true)}
        />
        <Group>
          <Button type="submit" loading={update.isPending} disabled={test.isPending}>
            {t.save}
          </Button>
          <Button variant="default" onClick={runTest} loading={test.isPending} disabled={update.isPending}>
            {t.test}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
