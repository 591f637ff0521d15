import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { ar, checkResetRequest, checkSignIn, messageForCode, normalizeEmail, paths, RESET_PASSWORD_COOLDOWN_SECONDS } from '@sira/shared';
import { type FormEvent, useRef, useState } from 'react';
import { Link } from 'react-router';
import { FormError } from '~/components/ui/form-error';
import { PasswordField } from '~/components/ui/password-field';
import { ApiRequestError } from '~/lib/api-client';
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

export function LoginForm({ notice, onSignedIn }: { notice?: LoginNotice | undefined; onSignedIn: () => void }) {
  const [email, setEmail] = useState('');
  /** The reset request was refused for want of a valid address: the e-mail field is marked and focused. */
  const [emailAtFault, setEmailAtFault] = useState(false);
  const emailInput = useRef<HTMLInputElement>(null);
  const [password, setPassword] = useState('');
  const formError = useFormError();
  const signIn = useSignIn();
  const reset = useRequestPasswordReset();
  const cooldown = useCooldown();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const rule = checkSignIn({ email, password });
    if (rule) {
      formError.fail(messageForCode(rule));
      return;
    }
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
  };

  const forgot = () => {
    // The sign-in error under the form belongs to the last sign-in, not to this request.
    formError.clear();
    const rule = checkResetRequest({ email });
    if (rule) {
      notify.error(messageForCode(rule));
      setEmailAtFault(true);
      emailInput.current?.focus();
      return;
    }
    setEmailAtFault(false);
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
            ref={emailInput}
            value={email}
            onChange={(e) => {
              setEmail(e.currentTarget.value);
              setEmailAtFault(false);
            }}
            error={emailAtFault}
            required
          />
          <PasswordField
            label={texts.password}
            maxLength={128}
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
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
