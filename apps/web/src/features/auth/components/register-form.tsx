import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { checkRegistration, messageForCode, normalizeEmail, normalizePhone, paths } from '@sira/shared';
import { type FormEvent, useRef, useState } from 'react';
import { Link } from 'react-router';
import { FormError } from '~/components/ui/form-error';
import { withLtrRuns } from '~/components/ui/ltr-runs';
import { PasswordField } from '~/components/ui/password-field';
import { ApiRequestError } from '~/lib/api-client';
import { useRegister } from '../api/auth-flows';
import { useFormError } from '../hooks/use-form-error';
import { AuthCard } from './auth-card';
import { ConfirmationNotSent } from './confirmation-not-sent';

const texts = {
  title: 'إنشاء حساب جديد',
  fullName: 'الاسم الكامل بالعربية',
  fullNameHint: 'يظهر للشركات في خانة المرسل وفي توقيع رسائلك.',
  fullNameEn: 'الاسم الكامل بالإنجليزية (اختياري)',
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

type Field = 'fullName' | 'fullNameEn' | 'email' | 'phone' | 'password' | 'confirmPassword';
const FIELD_ORDER: readonly Field[] = ['fullName', 'fullNameEn', 'email', 'phone', 'password', 'confirmPassword'];

/** The fields a refusal is about, marked red (and the first focused) beside the one message the spec gives. */
function fieldsAtFault(code: string | undefined, form: Record<Field, string>): Field[] {
  switch (code) {
    case 'PASSWORDS_MISMATCH':
      return ['confirmPassword'];
    case 'MISSING_CREDENTIALS':
      return (['email', 'password'] as const).filter((f) => !form[f].trim());
    case 'INVALID_EMAIL':
    case 'EMAIL_TAKEN':
      return ['email'];
    case 'INVALID_PHONE':
      return ['phone'];
    case 'NAME_REQUIRED':
    case 'INVALID_NAME':
      return ['fullName'];
    case 'INVALID_NAME_EN':
      return ['fullNameEn'];
    case 'PASSWORD_TOO_SHORT':
      return ['password'];
    default:
      return [];
  }
}

export function RegisterForm({ onRegistered }: { onRegistered: () => void }) {
  const [form, setForm] = useState<Record<Field, string>>({
    fullName: '',
    fullNameEn: '',
    email: '',
    phone: '',
    password: '',
    confirmPassword: '',
  });
  const [faulty, setFaulty] = useState<ReadonlySet<Field>>(new Set());
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});
  const formError = useFormError('SIGN_UP_FAILED');
  const register = useRegister();
  /** Registered, but the confirmation e-mail did not leave: the page offers to send it again. */
  const [unconfirmedEmail, setUnconfirmedEmail] = useState<string | null>(null);
  // Read the value now: React clears currentTarget once the handler returns, before the updater runs.
  const set = (key: Field) => (e: { currentTarget: { value: string } }) => {
    const value = e.currentTarget.value;
    setForm((f) => ({ ...f, [key]: value }));
    setFaulty((current) => (current.has(key) ? new Set([...current].filter((f) => f !== key)) : current));
  };
  const markFaulty = (code: string | undefined) => {
    const fields = fieldsAtFault(code, form);
    setFaulty(new Set(fields));
    const first = FIELD_ORDER.find((f) => fields.includes(f));
    if (first) inputs.current[first]?.focus();
  };
  const field = (key: Field) => ({
    ref: (element: HTMLInputElement | null) => {
      inputs.current[key] = element;
    },
    value: form[key],
    onChange: set(key),
    error: faulty.has(key),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const rule = checkRegistration(form);
    if (rule) {
      formError.fail(messageForCode(rule));
      markFaulty(rule);
      return;
    }
    formError.clear();
    setFaulty(new Set());
    const email = normalizeEmail(form.email);
    register.mutate(
      { ...form, email, phone: normalizePhone(form.phone) },
      {
        onSuccess: (registered) => (registered.confirmationSent ? onRegistered() : setUnconfirmedEmail(email)),
        onError: (error) => {
          formError.failWith(error);
          markFaulty(error instanceof ApiRequestError ? error.code : undefined);
        },
      },
    );
  };

  if (unconfirmedEmail) return <ConfirmationNotSent email={unconfirmedEmail} title={texts.title} />;

  return (
    <AuthCard title={texts.title}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label={texts.fullName}
            description={texts.fullNameHint}
            maxLength={80}
            autoComplete="name"
            {...field('fullName')}
            required
          />
          <TextInput label={texts.fullNameEn} maxLength={80} dir="ltr" autoComplete="off" {...field('fullNameEn')} />
          <TextInput label={texts.email} maxLength={320} type="email" autoComplete="email" dir="ltr" {...field('email')} required />
          <TextInput
            label={texts.phone}
            maxLength={32}
            description={withLtrRuns(texts.phoneHint)}
            type="tel"
            autoComplete="tel"
            dir="ltr"
            {...field('phone')}
            required
          />
          <PasswordField label={texts.password} maxLength={128} autoComplete="new-password" {...field('password')} required />
          <PasswordField label={texts.confirm} maxLength={128} autoComplete="new-password" {...field('confirmPassword')} required />
          <FormError error={formError.error} announced={false} />
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
