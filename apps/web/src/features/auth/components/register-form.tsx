import { Anchor, Button, Checkbox, Stack, Text, TextInput } from '@mantine/core';
import { type FormErrors, useForm } from '@mantine/form';
import { normalizeEmail, normalizePhone, paths } from '@sira/shared';
import { type RegistrationFormValues, registrationFieldsAtFault, registrationFormSchema } from '@sira/shared/forms/auth';
import { useState } from 'react';
import { Link } from 'react-router';
import { FormError } from '~/components/ui/form-error';
import { withLtrRuns } from '~/components/ui/ltr-runs';
import { PasswordField } from '~/components/ui/password-field';
import { ApiRequestError } from '~/lib/api-client';
import { focusFirstFault, formMessage, markWithoutMessage, validateWith } from '~/lib/form';
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
  agreePrefix: 'أوافق على',
  terms: 'الشروط والأحكام',
  and: 'و',
  privacy: 'سياسة الخصوصية',
  haveAccount: 'لديك حساب بالفعل؟',
  login: 'سجّل الدخول',
};

export function RegisterForm({ onRegistered }: { onRegistered: () => void }) {
  const form = useForm<RegistrationFormValues>({
    name: 'register',
    initialValues: { fullName: '', fullNameEn: '', email: '', phone: '', password: '', confirmPassword: '', acceptTerms: false },
    validate: validateWith(registrationFormSchema),
    // The fields a refusal is about are marked red (and the first focused) beside the one message the spec gives.
    enhanceGetInputProps: markWithoutMessage,
  });
  const formError = useFormError('SIGN_UP_FAILED');
  const register = useRegister();
  /** Registered, but the confirmation e-mail did not leave: the page offers to send it again. */
  const [unconfirmedEmail, setUnconfirmedEmail] = useState<string | null>(null);

  const refused = (errors: FormErrors) => {
    formError.fail(formMessage(errors));
    focusFirstFault(form, errors);
  };

  const submit = form.onSubmit((values) => {
    formError.clear();
    const email = normalizeEmail(values.email);
    register.mutate(
      { ...values, email, phone: normalizePhone(values.phone) },
      {
        onSuccess: (registered) => (registered.confirmationSent ? onRegistered() : setUnconfirmedEmail(email)),
        onError: (error) => {
          formError.failWith(error);
          // The server's refusal marks the fields it is about, as the form's own rule would.
          const code = error instanceof ApiRequestError ? error.code : undefined;
          const faults = Object.fromEntries(registrationFieldsAtFault(code, values).map((field) => [field, true]));
          form.setErrors(faults);
          focusFirstFault(form, faults);
        },
      },
    );
  }, refused);

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
            {...form.getInputProps('fullName')}
            required
          />
          <TextInput label={texts.fullNameEn} maxLength={80} dir="ltr" autoComplete="off" {...form.getInputProps('fullNameEn')} />
          <TextInput
            label={texts.email}
            maxLength={320}
            type="email"
            autoComplete="email"
            dir="ltr"
            {...form.getInputProps('email')}
            required
          />
          <TextInput
            label={texts.phone}
            maxLength={32}
            description={withLtrRuns(texts.phoneHint)}
            type="tel"
            autoComplete="tel"
            dir="ltr"
            {...form.getInputProps('phone')}
            required
          />
          <PasswordField label={texts.password} maxLength={128} autoComplete="new-password" {...form.getInputProps('password')} required />
          <PasswordField
            label={texts.confirm}
            maxLength={128}
            autoComplete="new-password"
            {...form.getInputProps('confirmPassword')}
            required
          />
          {/* Consent to the terms and privacy policy (PDPL): asked, not assumed; the server records its version and time. */}
          <Checkbox
            {...form.getInputProps('acceptTerms', { type: 'checkbox' })}
            label={
              <>
                {texts.agreePrefix}{' '}
                <Anchor component={Link} to={paths.terms} target="_blank">
                  {texts.terms}
                </Anchor>{' '}
                {texts.and}
                <Anchor component={Link} to={paths.privacy} target="_blank">
                  {texts.privacy}
                </Anchor>
              </>
            }
            required
          />
          <FormError error={formError.error} announced={false} />
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
