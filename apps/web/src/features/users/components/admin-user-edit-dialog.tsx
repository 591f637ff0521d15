import { Button, Group, NativeSelect, NumberInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { packageDisplayName } from '@sira/shared';
import { userEditFormSchema } from '@sira/shared/forms/users';
import { usersAdminTexts as t, usersAdminMessageForCode } from '@sira/shared/messages/users-admin';
import type { AdminUserRow } from '@sira/shared/schemas/users-admin';
import { useQueryClient } from '@tanstack/react-query';
import { Dialog } from '~/components/ui/dialog';
import { ApiRequestError } from '~/lib/api-client';
import { validateWith } from '~/lib/form';
import { notify } from '~/lib/notify';
import { adminUsersKey } from '../api/admin-get-users';
import { useUpdateAdminUser } from '../api/admin-update-user';

// Mantine's default hint (gray.6) and error (red.6) colours fall short of WCAG AA on white.
const fieldStyles = { description: { color: 'var(--mantine-color-gray-8)' }, error: { color: 'var(--mantine-color-red-9)' } };

/** The package and the typed balance ('' while the number input is empty). */
type UserEditValues = { packageName: string; messagesRemaining: number | string };

const validateUserEdit = validateWith(userEditFormSchema);

export interface PackageOption {
  name: string;
  messagesLimit: number;
}

/**
 * Edit one user's package and balance (spec §5). Choosing another package shows — and saves — that
 * package's messages_limit as the balance, as the server does; the typed quantity counts only when the
 * package stays.
 */
export function AdminUserEditDialog({
  user,
  packageOptions,
  packagesFailed = false,
  onClose,
}: {
  user: AdminUserRow | null;
  packageOptions: PackageOption[] | undefined;
  packagesFailed?: boolean;
  onClose: () => void;
}) {
  return (
    <Dialog opened={user !== null} onClose={onClose} title={t.editTitle} closeLabel={t.cancel}>
      {/* Keyed so each opening starts from that user's saved values. */}
      {user ? (
        <EditForm key={user.id} user={user} packageOptions={packageOptions} packagesFailed={packagesFailed} onClose={onClose} />
      ) : null}
    </Dialog>
  );
}

function EditForm({
  user,
  packageOptions,
  packagesFailed,
  onClose,
}: {
  user: AdminUserRow;
  packageOptions: PackageOption[] | undefined;
  packagesFailed: boolean;
  onClose: () => void;
}) {
  const form = useForm<UserEditValues>({
    name: 'user-edit',
    initialValues: { packageName: user.packageName, messagesRemaining: user.messagesRemaining },
    // The balance checked is the one shown: another package's messages_limit when the package changes.
    validate: (values) => validateUserEdit(shown(values)),
    // The message stays until the next save, as before.
    clearInputErrorOnChange: false,
  });
  const update = useUpdateAdminUser();
  const queryClient = useQueryClient();

  // The user's own package is always offered, even before (or without) the package list.
  const names = [...new Set([user.packageName, ...(packageOptions ?? []).map((p) => p.name)])];
  const { packageName } = form.values;
  const chosen = packageOptions?.find((p) => p.name === packageName);
  const packageChanged = packageName !== user.packageName;
  function shown(values: UserEditValues): UserEditValues {
    const option = packageOptions?.find((p) => p.name === values.packageName);
    return values.packageName !== user.packageName && option ? { ...values, messagesRemaining: option.messagesLimit } : values;
  }

  const submit = form.onSubmit((values) => {
    // Validated above: a whole number, zero or more.
    const messagesRemaining = Number(shown(values).messagesRemaining);
    update.mutate(
      // The balance the dialog opened with: a balance that moved since (the user sent) is not written over.
      { id: user.id, packageName: values.packageName, messagesRemaining, messagesRemainingWas: user.messagesRemaining },
      {
        onSuccess: () => {
          notify.success(t.updated);
          onClose();
        },
        onError: (error) => {
          const code = error instanceof ApiRequestError ? error.code : undefined;
          notify.error(usersAdminMessageForCode(code));
          if (code === 'BALANCE_CHANGED') {
            // Reopening shows the balance as it is now.
            void queryClient.invalidateQueries({ queryKey: adminUsersKey });
            onClose();
          }
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text c="gray.8" dir="ltr" ta="right">
          {user.email}
        </Text>
        <NativeSelect
          label={t.package}
          data={names.map((name) => ({ value: name, label: packageDisplayName(name) }))}
          {...form.getInputProps('packageName')}
          description={packagesFailed ? t.packagesFailed : undefined}
          styles={{ description: { color: 'var(--mantine-color-red-9)' } }}
        />
        <NumberInput
          label={t.remaining}
          {...form.getInputProps('messagesRemaining')}
          value={shown(form.values).messagesRemaining}
          min={0}
          allowNegative={false}
          allowDecimal={false}
          hideControls
          disabled={packageChanged && chosen !== undefined}
          description={packageChanged && chosen ? t.remainingResetHint(chosen.messagesLimit) : undefined}
          styles={fieldStyles}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={update.isPending}>
            {t.cancel}
          </Button>
          <Button type="submit" loading={update.isPending}>
            {t.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
