import { Alert, Button, Center, Loader, Paper, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import type { User } from '@shared/contracts/users';
import { can } from '@shared/roles';
import { PageTitle } from '@/app/page-title';
import { errorMessage } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/session-store';
import { useDeleteUser } from '../api/delete-user';
import { useUsers } from '@/lib/api/users/get-users';
import { useUpdateUser } from '../api/update-user';
import { TelegramLinkGuide } from '../components/telegram-link-guide';
import { UserFormDialog } from '../components/user-form-dialog';
import { UsersTable } from '../components/users-table';
import { showToast } from '@/lib/toast';

type Dialog = { mode: 'closed' } | { mode: 'add' } | { mode: 'edit'; user: User };

function useUserActions() {
  const updateMutation = useUpdateUser();
  const deleteMutation = useDeleteUser();
  const fail = (title: string) => (error: Error) => showToast(title, errorMessage(error), 'red');

  const toggleActive = (user: User, isActive: boolean) =>
    // The version on screen (issue 26): a user someone changed meanwhile is refused with who and when.
    updateMutation.mutate(
      { id: user.id, changes: { isActive, version: user.version } },
      { onError: fail('Failed to update user') },
    );

  const confirmDelete = (user: User) =>
    modals.openConfirmModal({
      title: 'Delete user',
      children: (
        <Text size="sm">
          Delete <b>{user.fullName}</b> ({user.username})? They will be signed out and can no longer log in.
        </Text>
      ),
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => deleteMutation.mutate(user.id, { onError: fail('Failed to delete user') }),
    });

  const pendingId = updateMutation.isPending
    ? updateMutation.variables?.id
    : deleteMutation.isPending
      ? deleteMutation.variables
      : undefined;
  return { toggleActive, confirmDelete, pendingId };
}

/** Users (docs/product.md §Screens and routes): the table, Add/Edit dialogs for managers, and the bot linking guide. */
export default function UsersPage() {
  const actor = useCurrentUser();
  const users = useUsers();
  const [dialog, setDialog] = useState<Dialog>({ mode: 'closed' });
  const { toggleActive, confirmDelete, pendingId } = useUserActions();
  const canManage = can(actor, 'users.manage');

  const addButton = canManage && (
    <Button leftSection={<IconUserPlus size={16} />} onClick={() => setDialog({ mode: 'add' })}>
      Add User
    </Button>
  );

  return (
    <Stack gap="md">
      <PageTitle title="Users" description="Staff accounts, roles and Telegram bot links" actions={addButton} />
      <Paper withBorder radius="md">
        {users.isPending && (
          <Center py="xl">
            <Loader size="sm" />
          </Center>
        )}
        {users.error && (
          <Alert color="red" m="sm">
            {errorMessage(users.error, 'Failed to load users')}
          </Alert>
        )}
        {users.data && (
          <UsersTable
            users={users.data}
            actor={actor}
            onEdit={(user) => setDialog({ mode: 'edit', user })}
            onDelete={confirmDelete}
            onToggleActive={toggleActive}
            pendingId={pendingId}
          />
        )}
      </Paper>
      <TelegramLinkGuide />
      <UserFormDialog
        opened={dialog.mode !== 'closed'}
        user={dialog.mode === 'edit' ? dialog.user : null}
        onClose={() => setDialog({ mode: 'closed' })}
      />
    </Stack>
  );
}
