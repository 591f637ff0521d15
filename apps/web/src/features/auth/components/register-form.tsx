import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { checkRegistration, messageForCode, normalizeEmail, paths } from '@sira/shared';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { PasswordField } from '~/components/ui/password-field';
import { ApiRequestError } from '~/lib/api-client';
import { notify } from '~/lib/notify';
import { useRegister } from '../api/account';
import { AuthCard } from './auth-card';

const texts = {
  title: 'إنشاء حساب جديد',
  email: 'البريد الإلكتروني',
  phone: 'رقم الجوال',
  phoneHint: 'يبدأ بـ 05 أو +966',
  password: 'كلمة المرور',
  confirm: 'تأكيد كلمة المرور',
  submit: 'إنشاء الحساب',
  agreePrefix: 'بإنشاء حسابك فإنك توافق على',
  terms: 'الشروط والأحكام',
  and: 'و',
  privacy: 'سياسة الخصوصية',
  haveAccount: 'لديك حساب بالفعل؟',
  login: 'سجّل الدخول',
};

export function RegisterForm({ onRegistered }: { onRegistered: () => void }) {
  const [form, setForm] = useState({ email: '', phone: '', password: '', confirmPassword: '' });
  const [error, setError] = useState<string | null>(null);
  const register = useRegister();
  // Read the value now: React clears currentTarget once the handler returns, before the updater runs.
  const set = (key: keyof typeof form) => (e: { currentTarget: { value: string } }) => {
    const value = e.currentTarget.value;
    setForm((f) => ({ ...f, [key]: value }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const rule = checkRegistration(form);
    if (rule) {
      setError(messageForCode(rule));
      notify.error(messageForCode(rule));
      return;
    }
    setError(null);
    register.mutate(
      { ...form, email: normalizeEmail(form.email), phone: form.phone.trim() },
      {
        onSuccess: onRegistered,
        onError: (e) => {
          const message = e instanceof ApiRequestError ? e.message : messageForCode('SIGN_UP_FAILED');
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
          <TextInput label={texts.email} type="email" autoComplete="email" dir="ltr" value={form.email} onChange={set('email')} required />
          <TextInput
            label={texts.phone}
            description={texts.phoneHint}
            type="tel"
            autoComplete="tel"
            dir="ltr"
            value={form.phone}
            onChange={set('phone')}
            required
          />
          <PasswordField label={texts.password} autoComplete="new-password" value={form.password} onChange={set('password')} required />
          <PasswordField
            label={texts.confirm}
            autoComplete="new-password"
            value={form.confirmPassword}
            onChange={set('confirmPassword')}
            required
          />
          {error ? (
            <Text c="red.8" size="sm" role="alert">
              {error}
            </Text>
          ) : null}
          <Text size="sm" c="gray.8">
            {texts.agreePrefix}{' '}
            <Anchor component={Link} to={paths.terms}>
              {texts.terms}
            </Anchor>{' '}
            {texts.and}
            <Anchor component={Link} to={paths.privacy}>
              {texts.privacy}
            </Anchor>
          </Text>
          <Button type="submit" loading={register.isPending} fullWidth>
            {texts.submit}
          </Button>
          <Text ta="center" size="sm">
            {texts.haveAccount}{' '}
            <Anchor component={Link} to={paths.login}>
              {texts.login}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
