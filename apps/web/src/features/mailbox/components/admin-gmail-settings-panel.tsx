import { Alert, Badge, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
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

function SettingsForm({ saved }: { saved: GmailSettings }) {
  const [clientId, setClientId] = useState(saved.clientId);
  const [clientSecret, setClientSecret] = useState('');
  const [redirectUris, setRedirectUris] = useState(saved.redirectUris);
  const [javascriptOrigins, setJavascriptOrigins] = useState(saved.javascriptOrigins);
  const [scopes, setScopes] = useState(saved.scopes);
  const [problem, setProblem] = useState<{ field: Field; message: string } | null>(null);
  const [drafts, setDrafts] = useState<Partial<Record<Field, string>>>({});
  const draftOf = (field: Field) => (draft: string) => setDrafts((d) => ({ ...d, [field]: draft }));
  const update = useUpdateAdminGmailSettings();
  const test = useTestAdminGmailClient();
  const connection = useConnectionTest<GmailClientTestResult['outcome']>();
  const errorFor = (field: Field) => (problem?.field === field ? problem.message : undefined);

  const runTest = () => {
    setProblem(null);
    connection.reset();
    test.mutate(
      { clientId: clientId.trim(), clientSecret, redirectUris },
      {
        onSuccess: ({ outcome }) => connection.tested(outcome),
        onError: (error) => {
          const serverCode = error instanceof ApiRequestError ? (error.code as MailboxAdminErrorCode) : undefined;
          const message = mailboxAdminMessage(serverCode);
          setProblem({ field: serverCode && message ? fieldOf[serverCode] : 'form', message: message ?? t.saveFailed });
        },
      },
    );
  };

  const save = (saveUntested = false) => {
    connection.reset();
    const waiting = (['redirectUris', 'javascriptOrigins', 'scopes'] as const).find((field) => drafts[field]?.trim());
    if (waiting) {
      setProblem({ field: waiting, message: t.pendingItem });
      notify.error(t.saveFailed);
      return;
    }
    const input = { clientId: clientId.trim(), clientSecret, scopes, redirectUris, javascriptOrigins };
    // The same rule the server applies; it answers with the same codes if anything slips through.
    const code = checkGmailSettings(input, saved.clientSecretSet);
    if (code) {
      setProblem({ field: fieldOf[code], message: mailboxAdminMessage(code) ?? t.saveFailed });
      notify.error(t.saveFailed);
      return;
    }
    setProblem(null);
    update.mutate(saveUntested ? { ...input, saveUntested } : input, {
      onSuccess: () => notify.success(t.saved),
      onError: (error) => {
        notify.error(t.saveFailed);
        const serverCode = error instanceof ApiRequestError ? (error.code as MailboxAdminErrorCode) : undefined;
        // The server tried the client before saving (ADR 005): a failed test can be overridden, knowingly.
        connection.saveRefused(serverCode === 'GMAIL_CLIENT_REFUSED' || serverCode === 'GMAIL_UNREACHABLE');
        const message = mailboxAdminMessage(serverCode);
        setProblem({ field: serverCode && message ? fieldOf[serverCode] : 'form', message: message ?? t.saveFailed });
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
          value={clientId}
          onChange={(event) => setClientId(event.currentTarget.value)}
          error={errorFor('clientId')}
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
            value={clientSecret}
            onChange={(event) => setClientSecret(event.currentTarget.value)}
            error={errorFor('clientSecret')}
            disabled={update.isPending}
            autoComplete="new-password"
          />
        </Stack>
        <AdminListField
          legend={t.redirectUris}
          inputLabel={t.newRedirectUri}
          items={redirectUris}
          onChange={setRedirectUris}
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
          items={javascriptOrigins}
          onChange={setJavascriptOrigins}
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
          items={scopes}
          onChange={setScopes}
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
