import { Button, Stack, Text } from '@mantine/core';
import { checkNewPassword, messageForCode } from '@sira/shared';
import { type FormEvent, useState } from 'react';
import { PasswordField } from '~/components/ui/password-field';
import { ApiRequestError } from '~/lib/api-client';
import { notify } from '~/lib/notify';
import { useResetPassword } from '../api/account';
import { AuthCard } from './auth-card';

const texts = {
  title: 'تعيين كلمة مرور جديدة',
  password: 'كلمة المرور الجديدة',
  confirm: 'تأكيد كلمة المرور الجديدة',
  save: 'حفظ كلمة المرور',
  saving: 'جارٍ الحفظ…',
};

export function ResetPasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const reset = useResetPassword();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const rule = checkNewPassword({ password, confirmPassword });
    if (rule) {
      setError(messageForCode(rule));
      notify.error(messageForCode(rule));
      return;
    }
    setError(null);
    reset.mutate(
      { token, password, confirmPassword },
      {
        onSuccess: onDone,
        onError: (e) => {
          const message = e instanceof ApiRequestError ? e.message : messageForCode(undefined);
          setError(message);
          notify.error(message);
        },
      },
    );
  };

  return (
    <AuthCard title={texts.title}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <PasswordField
            label={texts.password}
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            required
          />
          <PasswordField
            label={texts.confirm}
            autoComplete="new-password"
            value={confirmPassword}
            onChange={(e) => setConfirmPassword(e.currentTarget.value)}
            required
          />
          {error ? (
            <Text c="red.8" size="sm" role="alert">
              {error}
            </Text>
          ) : null}
          <Button type="submit" loading={reset.isPending} fullWidth>
            {reset.isPending ? texts.saving : texts.save}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
