import { Button, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type NewPasswordFormValues, newPasswordFormSchema } from '@sira/shared/forms/auth';
import { FormError } from '~/components/ui/form-error';
import { PasswordField } from '~/components/ui/password-field';
import { formMessage, validateWith } from '~/lib/form';
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
  const form = useForm<NewPasswordFormValues>({
    initialValues: { password: '', confirmPassword: '' },
    validate: validateWith(newPasswordFormSchema),
  });
  const formError = useFormError();
  const reset = useResetPassword();

  const submit = form.onSubmit(
    (values) => {
      formError.clear();
      reset.mutate({ token, ...values }, { onSuccess: onDone, onError: formError.failWith });
    },
    (errors) => formError.fail(formMessage(errors)),
  );

  return (
    <AuthCard title={texts.title}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <PasswordField label={texts.password} maxLength={128} autoComplete="new-password" {...form.getInputProps('password')} required />
          <PasswordField
            label={texts.confirm}
            maxLength={128}
            autoComplete="new-password"
            {...form.getInputProps('confirmPassword')}
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
