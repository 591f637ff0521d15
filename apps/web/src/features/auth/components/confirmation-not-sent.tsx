import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { ar, paths } from '@sira/shared';
import { AccountFormError } from './account-form-error';
import { AuthCard } from './auth-card';

/**
 * Shown instead of the registration form when the account was created but the mail server refused its
 * confirmation e-mail: the user is told, and can send it again (at most once a minute, as the server allows).
 * Hidden until then; src/static-page/account-forms/register.ts fills in the address and sends it.
 */
export function ConfirmationNotSent({ title }: { title: string }) {
  return (
    <div data-panel="confirmation-not-sent" style={{ display: 'none' }}>
      <AuthCard title={title}>
        <Stack>
          <Alert color="yellow" role="status">
            {ar.auth.confirmationNotSent}
          </Alert>
          <Text size="sm" ta="center" dir="ltr" data-field="email" />
          <AccountFormError />
          <Button type="button" data-action="resend-confirmation" fullWidth>
            {ar.auth.resendConfirmation}
          </Button>
          <Text ta="center" size="sm">
            <Anchor href={paths.login}>{ar.nav.login}</Anchor>
          </Text>
        </Stack>
      </AuthCard>
    </div>
  );
}
