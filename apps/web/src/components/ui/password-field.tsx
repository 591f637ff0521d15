import { PasswordInput, type PasswordInputProps } from '@mantine/core';

/** Mantine's PasswordInput with an Arabic name on its show/hide button. */
export function PasswordField(props: PasswordInputProps) {
  return <PasswordInput visibilityToggleButtonProps={{ 'aria-label': 'إظهار كلمة المرور أو إخفاؤها' }} {...props} />;
}
