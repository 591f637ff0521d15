import { Alert, Badge, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { ADMIN_USER_LIST_CAP, ar, formatNumber } from '@sira/shared';
import { usersAdminTexts as t } from '@sira/shared/messages/users-admin';
import type { AdminUserRow } from '@sira/shared/schemas/users-admin';
import { useState } from 'react';
import { LoadError } from '~/components/ui/load-error';
import { errorMessage, useErrorToast } from '~/lib/use-error-toast';
import { useAdminUsers } from '../api/admin-get-users';
import { AdminUserEditDialog, type PackageOption } from './admin-user-edit-dialog';
import { AdminUsersTable } from './admin-users-table';

const PAGE_SIZE = 50;

/**
 * The admin users tab (spec §2): counts of users and admins, an e-mail search and pages served by the
 * server, the cap warning, and the edit dialog. `packageOptions` (names and message limits) comes from the
 * packages feature through the route.
 */
export function AdminUsersPanel({
  packageOptions,
  packagesFailed = false,
}: {
  packageOptions: PackageOption[] | undefined;
  /** The package list could not be loaded: the edit dialog says why it offers only the current package. */
  packagesFailed?: boolean;
}) {
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 300);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<AdminUserRow | null>(null);
  const users = useAdminUsers({ search: debouncedSearch, page, pageSize: PAGE_SIZE });
  useErrorToast(users, () => ar.errors.dataFetchFailed(errorMessage(users.error)));
  const data = users.data;

  // Only the first ADMIN_USER_LIST_CAP matches can be paged through (the server's rule).
  const reachable = data ? Math.min(data.total, ADMIN_USER_LIST_CAP) : 0;
  const pages = Math.max(1, Math.ceil(reachable / PAGE_SIZE));
  const from = reachable === 0 ? 0 : (page - 1) * PAGE_SIZE + 1;
  const to = data ? from + data.rows.length - 1 : 0;

  return (
    <Stack gap="md" component="section" aria-labelledby="admin-users-title">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={2} fz="xl" id="admin-users-title">
          {t.title}
        </Title>
        {data ? (
          <Group gap="xs">
            <Badge variant="outline" color="teal" size="lg">
              {t.usersCount}: {formatNumber(data.counts.users)}
            </Badge>
            <Badge variant="light" color="gray" size="lg">
              {t.adminsCount}: {formatNumber(data.counts.admins)}
            </Badge>
          </Group>
        ) : null}
      </Group>

      <TextInput
        label={t.searchLabel}
        placeholder={t.searchPlaceholder}
        type="search"
        dir="ltr"
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          setPage(1);
        }}
        maw={420}
      />

      {data?.capped ? (
        <Alert color="yellow" role="status">
          {t.capWarning}
        </Alert>
      ) : null}

      {users.isError && !data ? (
        <LoadError title={ar.errors.dataFetchFailed(users.error.message)} query={users} />
      ) : data && data.rows.length === 0 ? (
        <Text c="gray.8" role="status" py="lg" ta="center">
          {debouncedSearch.trim() ? t.emptySearch : t.empty}
        </Text>
      ) : (
        <AdminUsersTable rows={data?.rows} onEdit={setEditing} />
      )}

      {data && data.rows.length > 0 ? (
        <Group justify="space-between" wrap="wrap" aria-label={t.pagination} role="navigation">
          <Text size="sm" c="gray.8">
            {t.showing(from, to, data.total)} · {t.page(page, pages)}
          </Text>
          <Group gap="xs">
            <Button variant="default" size="xs" disabled={page <= 1 || users.isFetching} onClick={() => setPage((p) => p - 1)}>
              {t.previous}
            </Button>
            <Button variant="default" size="xs" disabled={page >= pages || users.isFetching} onClick={() => setPage((p) => p + 1)}>
              {t.next}
            </Button>
          </Group>
        </Group>
      ) : null}

      <AdminUserEditDialog
        user={editing}
        packageOptions={packageOptions}
        packagesFailed={packagesFailed}
        onClose={() => setEditing(null)}
      />
    </Stack>
  );
}
