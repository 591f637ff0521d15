import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ar, normalizeEmail, paths, RESET_PASSWORD_COOLDOWN_SECONDS } from '@sira/shared';
import { resetRequestFormSchema, type SignInFormValues, signInFormSchema } from '@sira/shared/forms/auth';
import { Link } from 'react-router';
import { FormError } from '~/components/ui/form-error';
import { PasswordField } from '~/components/ui/password-field';
import { ApiRequestError } from '~/lib/api-client';
import { focusFirstFault, formMessage, markWithoutMessage, validateWith } from '~/lib/form';
import { notify } from '~/lib/notify';
import { useRequestPasswordReset, useSignIn } from '../api/auth-flows';
import { useCooldown } from '../hooks/use-cooldown';
import { requestErrorMessage, useFormError } from '../hooks/use-form-error';
import { AuthCard } from './auth-card';

const texts = {
  title: 'تسجيل الدخول',
  email: 'البريد الإلكتروني',
  password: 'كلمة المرور',
  submit: 'دخول',
  forgot: 'نسيت كلمة المرور؟',
  forgotWait: (s: number) => `يمكنك طلب رابط جديد بعد ${s} ثانية`,
  noAccount: 'ليس لديك حساب؟',
  register: 'أنشئ حساباً جديداً',
};

export interface LoginNotice {
  kind: 'registered' | 'confirmed' | 'confirmationFailed' | 'passwordUpdated' | 'sessionExpired';
}

const noticeText: Record<LoginNotice['kind'], { color: string; text: string }> = {
  registered: { color: 'teal', text: ar.auth.registered },
  confirmed: { color: 'teal', text: ar.auth.emailConfirmed },
  confirmationFailed: { color: 'red', text: ar.auth.confirmationFailed },
  passwordUpdated: { color: 'teal', text: ar.auth.passwordUpdated },
  sessionExpired: { color: 'yellow', text: ar.auth.sessionExpired },
};

const validateResetRequest = validateWith(resetRequestFormSchema);

export function LoginForm({ notice, onSignedIn }: { notice?: LoginNotice | undefined; onSignedIn: () => void }) {
  // A refused sign-in marks no field (its message is about the pair); a refused reset request marks the e-mail.
  const form = useForm<SignInFormValues>({
    name: 'sign-in',
    initialValues: { email: '', password: '' },
    validate: validateWith(signInFormSchema),
    enhanceGetInputProps: markWithoutMessage,
  });
  const formError = useFormError();
  const signIn = useSignIn();
  const reset = useRequestPasswordReset();
  const cooldown = useCooldown();

  const submit = form.onSubmit(
    ({ email, password }) => {
      formError.clear();
      signIn.mutate(
        { email: normalizeEmail(email), password },
        {
          onSuccess: onSignedIn,
          onError: (e) =>
            // The right password on an unconfirmed account makes the server mail a fresh confirmation link.
            e instanceof ApiRequestError && e.code === 'EMAIL_NOT_CONFIRMED'
              ? formError.fail(`${e.message}. ${ar.auth.confirmationResent}`)
              : formError.failWith(e),
        },
      );
    },
    (errors) => formError.fail(formMessage(errors)),
  );

  const forgot = () => {
    // The sign-in error under the form belongs to the last sign-in, not to this request.
    formError.clear();
    const { email } = form.getValues();
    const refused = validateResetRequest({ email });
    form.setErrors(refused);
    if (Object.keys(refused).length > 0) {
      notify.error(formMessage(refused));
      focusFirstFault(form, refused);
      return;
    }
    cooldown.start(RESET_PASSWORD_COOLDOWN_SECONDS);
    reset.mutate(normalizeEmail(email), {
      onSuccess: () => notify.success(ar.auth.resetSent),
      onError: (e) => {
        // Any reset error clears the cooldown so the user can try again (spec §4).
        cooldown.clear();
        // An e-mail that did not leave stays said under the form too: pressing the button again sends it.
        if (e instanceof ApiRequestError && e.code === 'MAIL_NOT_SENT') formError.fail(e.message);
        else notify.error(requestErrorMessage(e));
      },
    });
  };

  return (
    <AuthCard title={texts.title}>
      <form onSubmit={submit} noValidate>
        <Stack>
          {notice ? (
            <Alert color={noticeText[notice.kind].color} role="status">
              {noticeText[notice.kind].text}
            </Alert>
          ) : null}
          <TextInput
            label={texts.email}
            maxLength={320}
            type="email"
            autoComplete="email"
            dir="ltr"
            {...form.getInputProps('email')}
            required
          />
          <PasswordField
            label={texts.password}
            maxLength={128}
            autoComplete="current-password"
            {...form.getInputProps('password')}
            required
          />
          <FormError error={formError.error} announced={false} />
          <Button type="submit" loading={signIn.isPending} fullWidth>
            {texts.submit}
          </Button>
          <Button variant="subtle" c="teal.9" onClick={forgot} disabled={cooldown.active} loading={reset.isPending}>
            {cooldown.active ? texts.forgotWait(cooldown.remaining) : texts.forgot}
          </Button>
          <Text ta="center" size="sm">
            {texts.noAccount}{' '}
            <Anchor component={Link} to={paths.register}>
              {texts.register}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
