import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { ar, checkResetRequest, checkSignIn, messageForCode, normalizeEmail, paths, RESET_PASSWORD_COOLDOWN_SECONDS } from '@sira/shared';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { PasswordField } from '~/components/ui/password-field';
import { ApiRequestError } from '~/lib/api-client';
import { notify } from '~/lib/notify';
import { useRequestPasswordReset, useSignIn } from '../api/account';
import { useCooldown } from '../hooks/use-cooldown';
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

const errorText = (error: unknown) => (error instanceof ApiRequestError ? error.message : messageForCode(undefined));

export function LoginForm({ notice, onSignedIn }: { notice?: LoginNotice | undefined; onSignedIn: () => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const signIn = useSignIn();
  const reset = useRequestPasswordReset();
  const cooldown = useCooldown();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const rule = checkSignIn({ email, password });
    if (rule) {
      setError(messageForCode(rule));
      notify.error(messageForCode(rule));
      return;
    }
    setError(null);
    signIn.mutate(
      { email: normalizeEmail(email), password },
      {
        onSuccess: onSignedIn,
        onError: (e) => {
          setError(errorText(e));
          notify.error(errorText(e));
        },
      },
    );
  };

  const forgot = () => {
    const rule = checkResetRequest({ email });
    if (rule) {
      notify.error(messageForCode(rule));
      return;
    }
    cooldown.start(RESET_PASSWORD_COOLDOWN_SECONDS);
    reset.mutate(normalizeEmail(email), {
      onSuccess: () => notify.success(ar.auth.resetSent),
      onError: (e) => {
        // Any reset error clears the cooldown so the user can try again (spec §4).
        cooldown.clear();
        notify.error(errorText(e));
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
            type="email"
            autoComplete="email"
            dir="ltr"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            required
          />
          <PasswordField
            label={texts.password}
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            required
          />
          {error ? (
            <Text c="red.8" size="sm" role="alert">
              {error}
            </Text>
          ) : null}
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
