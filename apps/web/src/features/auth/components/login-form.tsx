import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { ar, paths } from '@sira/shared';
import { PasswordField } from '~/components/ui/password-field';
import { AccountFormError } from './account-form-error';
import { AuthCard } from './auth-card';

const texts = {
  title: 'تسجيل الدخول',
  email: 'البريد الإلكتروني',
  password: 'كلمة المرور',
  submit: 'دخول',
  forgot: 'نسيت كلمة المرور؟',
  noAccount: 'ليس لديك حساب؟',
  register: 'أنشئ حساباً جديداً',
};

/** The notices /login shows for the address it was opened with (`?registered=1`, `?expired=1`, …). */
const notices = [
  { kind: 'registered', color: 'teal', text: ar.auth.registered },
  { kind: 'confirmed', color: 'teal', text: ar.auth.emailConfirmed },
  { kind: 'confirmationFailed', color: 'red', text: ar.auth.confirmationFailed },
  { kind: 'passwordUpdated', color: 'teal', text: ar.auth.passwordUpdated },
  { kind: 'sessionExpired', color: 'yellow', text: ar.auth.sessionExpired },
  { kind: 'resetLinkInvalid', color: 'red', text: ar.auth.invalidResetLink },
] as const;

/**
 * The sign-in form as the server renders it (ADR 004, "account pages"): the page's script
 * (src/static-page/account-forms/sign-in.ts) shows the notice the address asks for, checks and sends the
 * form, and asks for a password-reset link. Its buttons stay disabled until that script is ready, so nothing
 * typed is sent anywhere before.
 */
export function LoginForm() {
  return (
    <AuthCard title={texts.title}>
      <form data-account-form="sign-in" method="post" noValidate>
        <Stack>
          {notices.map((notice) => (
            <div key={notice.kind} data-notice={notice.kind} style={{ display: 'none' }}>
              <Alert color={notice.color} role="status">
                {notice.text}
              </Alert>
            </div>
          ))}
          <TextInput label={texts.email} name="email" maxLength={320} type="email" autoComplete="email" dir="ltr" required />
          <PasswordField label={texts.password} name="password" maxLength={128} autoComplete="current-password" required />
          <AccountFormError />
          <Button type="submit" fullWidth disabled data-until-ready>
            {texts.submit}
          </Button>
          <Button type="button" variant="subtle" c="teal.9" data-action="forgot-password" disabled data-until-ready>
            {texts.forgot}
          </Button>
          <Text ta="center" size="sm">
            {texts.noAccount} <Anchor href={paths.register}>{texts.register}</Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
