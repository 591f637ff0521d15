import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { ar, paths, RESET_PASSWORD_COOLDOWN_SECONDS } from '@sira/shared';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { FormError } from '~/components/ui/form-error';
import { notify } from '~/lib/notify';
import { useResendConfirmation } from '../api/auth-flows';
import { useCooldown } from '../hooks/use-cooldown';
import { requestErrorMessage } from '../hooks/use-form-error';
import { AuthCard } from './auth-card';

/**
 * The account was created but the mail server refused its confirmation e-mail: the user is told, and can send
 * it again (at most once a minute, as the server allows). Once it leaves, the login page says it was sent.
 */
export function ConfirmationNotSent({ email, title }: { email: string; title: string }) {
  const resend = useResendConfirmation();
  const cooldown = useCooldown();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);

  const send = () => {
    setError(null);
    cooldown.start(RESET_PASSWORD_COOLDOWN_SECONDS);
    resend.mutate(email, {
      onSuccess: () => {
        notify.success(ar.auth.confirmationResent);
        void navigate(`${paths.login}?registered=1`);
      },
      onError: (e) => {
        // Refused again: the server does not hold the minute for a mail that never left, nor does the button.
        cooldown.clear();
        const message = requestErrorMessage(e);
        setError(message);
        notify.error(message);
      },
    });
  };

  return (
    <AuthCard title={title}>
      <Stack>
        <Alert color="yellow" role="status">
          {ar.auth.confirmationNotSent}
        </Alert>
        <Text size="sm" ta="center" dir="ltr">
          {email}
        </Text>
        <FormError error={error} announced={false} />
        <Button onClick={send} loading={resend.isPending} disabled={cooldown.active} fullWidth>
          {cooldown.active ? ar.auth.resendWait(cooldown.remaining) : ar.auth.resendConfirmation}
        </Button>
        <Text ta="center" size="sm">
          <Anchor component={Link} to={paths.login}>
            {ar.nav.login}
          </Anchor>
        </Text>
      </Stack>
    </AuthCard>
  );
}
