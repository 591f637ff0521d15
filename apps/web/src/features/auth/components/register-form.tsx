import { Anchor, Button, Checkbox, Stack, Text, TextInput } from '@mantine/core';
import { paths } from '@sira/shared';
import { withLtrRuns } from '~/components/ui/ltr-runs';
import { PasswordField } from '~/components/ui/password-field';
import { AccountFormError } from './account-form-error';
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

/**
 * The registration form as the server renders it (ADR 004, "account pages"): the page's script
 * (src/static-page/account-forms/register.ts) checks it by the account rule, marks the fields at fault and
 * creates the account. Its button stays disabled until that script is ready, so nothing typed is sent
 * anywhere before.
 */
export function RegisterForm() {
  return (
    <>
      <div data-panel="register">
        <AuthCard title={texts.title}>
          <form data-account-form="register" method="post" noValidate>
            <Stack>
              <TextInput
                label={texts.fullName}
                description={texts.fullNameHint}
                name="fullName"
                maxLength={80}
                autoComplete="name"
                required
              />
              <TextInput label={texts.fullNameEn} name="fullNameEn" maxLength={80} dir="ltr" autoComplete="off" />
              <TextInput label={texts.email} name="email" maxLength={320} type="email" autoComplete="email" dir="ltr" required />
              <TextInput
                label={texts.phone}
                name="phone"
                maxLength={32}
                description={withLtrRuns(texts.phoneHint)}
                type="tel"
                autoComplete="tel"
                dir="ltr"
                required
              />
              <PasswordField label={texts.password} name="password" maxLength={128} autoComplete="new-password" required />
              <PasswordField label={texts.confirm} name="confirmPassword" maxLength={128} autoComplete="new-password" required />
              {/* Consent to the terms and privacy policy (PDPL): asked, not assumed; the server records its version and time. */}
              <Checkbox
                name="acceptTerms"
                label={
                  <>
                    {texts.agreePrefix}{' '}
                    <Anchor href={paths.terms} target="_blank">
                      {texts.terms}
                    </Anchor>{' '}
                    {texts.and}
                    <Anchor href={paths.privacy} target="_blank">
                      {texts.privacy}
                    </Anchor>
                  </>
                }
              />
              <AccountFormError />
              <Button type="submit" fullWidth disabled data-until-ready>
                {texts.submit}
              </Button>
              <Text ta="center" size="sm">
                {texts.haveAccount} <Anchor href={paths.login}>{texts.login}</Anchor>
              </Text>
            </Stack>
          </form>
        </AuthCard>
      </div>
      <ConfirmationNotSent title={texts.title} />
    </>
  );
}
