import { ActionIcon, Badge, Group, Switch, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { User } from '@shared/contracts/users';
import { canManageUser } from '../user-permissions';
import { RoleBadge } from './role-badge';

interface UsersTableProps {
  users: readonly User[];
  actor: User;
  onEdit: (user: User) => void;
  onDelete: (user: User) => void;
  onToggleActive: (user: User, isActive: boolean) => void;
  /** The user whose change is in flight: that row's controls wait for the answer. */
  pendingId?: number;
}

const dash = (
  <Text c="dimmed" span>
    —
  </Text>
);

function formatTime(iso: string | null) {
  return iso ? new Date(iso).toLocaleString() : dash;
}

function ActiveCell({
  user,
  editable,
  busy,
  onToggle,
}: {
  user: User;
  editable: boolean;
  busy: boolean;
  onToggle: (v: boolean) => void;
}) {
  if (!editable) {
    return (
      <Badge color={user.isActive ? 'green' : 'gray'} variant="dot" size="sm">
        {user.isActive ? 'Active' : 'Inactive'}
      </Badge>
    );
  }
  return (
    <Switch
      size="sm"
      checked={user.isActive}
      disabled={busy}
      onChange={(e) => onToggle(e.currentTarget.checked)}
      label={user.isActive ? 'Active' : 'Inactive'}
      aria-label={`Active: ${user.username}`}
    />
  );
}

function UserRow({
  user,
  actor,
  onEdit,
  onDelete,
  onToggleActive,
  pendingId,
}: Omit<UsersTableProps, 'users'> & { user: User }) {
  const manageable = canManageUser(actor, user);
  const busy = pendingId === user.id;
  const isSelf = user.id === actor.id;
  return (
    <Table.Tr data-testid={`user-row-${user.username}`} opacity={user.isActive ? 1 : 0.6}>
      <Table.Td fw={600} style={{ whiteSpace: 'nowrap' }}>
        {user.fullName}
      </Table.Td>
      <Table.Td ff="monospace">{user.username}</Table.Td>
      <Table.Td>{user.email ?? dash}</Table.Td>
      <Table.Td>
        <RoleBadge role={user.role} />
      </Table.Td>
      <Table.Td ff="monospace">{user.telegramId ?? dash}</Table.Td>
      <Table.Td>
        <ActiveCell
          user={user}
          editable={manageable && !isSelf}
          busy={busy}
          onToggle={(v) => onToggleActive(user, v)}
        />
      </Table.Td>
      <Table.Td fz="xs">{formatTime(user.lastLogin)}</Table.Td>
      <Table.Td>
        {manageable && (
          <Group gap={4} wrap="nowrap" justify="flex-end">
            <Tooltip label="Edit">
              <ActionIcon variant="subtle" aria-label={`Edit ${user.username}`} onClick={() => onEdit(user)}>
                <IconPencil size={16} />
              </ActionIcon>
            </Tooltip>
            {!isSelf && (
              <Tooltip label="Delete">
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Delete ${user.username}`}
                  disabled={busy}
                  onClick={() => onDelete(user)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Tooltip>
            )}
          </Group>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/** Users table (docs/product.md §Screens and routes): name, username, email, role, bot id, active, last login. */
export function UsersTable({ users, ...rest }: UsersTableProps) {
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Full Name</Table.Th>
            <Table.Th>Username</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th>Role</Table.Th>
            <Table.Th>Telegram ID</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Last Login</Table.Th>
            <Table.Th w={80}>
              {/* A header cell with words (hidden): a screen reader says which column it is. */}
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => (
            <UserRow key={user.id} user={user} {...rest} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
