import { Text } from '@mantine/core';

/**
 * Where an account form's message goes, under its fields (src/static-page/account-forms fills it). Not an
 * alert itself: the toast that repeats the message (spec §4) is read out, and once is enough.
 */
export function AccountFormError() {
  return <Text c="red.8" size="sm" data-form-error="" style={{ display: 'none' }} />;
}
