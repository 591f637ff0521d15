import { Button, Stack } from '@mantine/core';
import { checkNewPassword, messageForCode } from '@sira/shared';
import { type FormEvent, useState } from 'react';
import { FormError } from '~/components/ui/form-error';
import { PasswordField } from '~/components/ui/password-field';
import { useResetPassword } from '../api/auth-flows';
import { useFormError } from '../hooks/use-form-error';
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
  const formError = useFormError();
  const reset = useResetPassword();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const rule = checkNewPassword({ password, confirmPassword });
    if (rule) {
      formError.fail(messageForCode(rule));
      return;
    }
    formError.clear();
    reset.mutate(
      { token, password, confirmPassword },
      {
        onSuccess: onDone,
        onError: formError.failWith,
      },
    );
  };

  return (
    <AuthCard title={texts.title}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <PasswordField
            label={texts.password}
            maxLength={128}
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            required
          />
          <PasswordField
            label={texts.confirm}
            maxLength={128}
            autoComplete="new-password"
            value={confirmPassword}
            onChange={(e) => setConfirmPassword(e.currentTarget.value)}
            required
          />
          <FormError error={formError.error} announced={false} />
          <Button type="submit" loading={reset.isPending} fullWidth>
            {reset.isPending ? texts.saving : texts.save}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
