import { ActionIcon, Badge, Group, Switch, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { ApiKey } from '@shared/contracts/api-keys';

interface ApiKeysTableProps {
  keys: readonly ApiKey[];
  onToggleActive: (key: ApiKey, isActive: boolean) => void;
  onDelete: (key: ApiKey) => void;
  /** The key whose change is in flight: its controls wait for the answer. */
  pendingId?: number;
}

const formatDate = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : 'Never');

function KeyRow({ apiKey, onToggleActive, onDelete, pendingId }: Omit<ApiKeysTableProps, 'keys'> & { apiKey: ApiKey }) {
  const busy = pendingId === apiKey.id;
  return (
    <Table.Tr data-testid={`api-key-row-${apiKey.name}`} opacity={apiKey.isActive ? 1 : 0.6}>
      <Table.Td fw={600}>{apiKey.name}</Table.Td>
      <Table.Td ff="monospace" data-testid="api-key-prefix">
        {apiKey.keyPrefix}…
      </Table.Td>
      <Table.Td>
        <Group gap={4}>
          {apiKey.permissions.map((p) => (
            <Badge key={p} size="sm" variant="light" color="secondary">
              {p}
            </Badge>
          ))}
        </Group>
      </Table.Td>
      <Table.Td>
        <Switch
          size="sm"
          checked={apiKey.isActive}
          disabled={busy}
          onChange={(e) => onToggleActive(apiKey, e.currentTarget.checked)}
          label={apiKey.isActive ? 'Active' : 'Inactive'}
          aria-label={`Active: ${apiKey.name}`}
        />
      </Table.Td>
      <Table.Td fz="xs">{formatDate(apiKey.createdAt)}</Table.Td>
      <Table.Td fz="xs">{formatDate(apiKey.lastUsed)}</Table.Td>
      <Table.Td>
        <Tooltip label="Delete">
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Delete ${apiKey.name}`}
            disabled={busy}
            onClick={() => onDelete(apiKey)}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Tooltip>
      </Table.Td>
    </Table.Tr>
  );
}

/** The company's API keys: only a prefix of each key is ever shown after creation. */
export function ApiKeysTable({ keys, ...rest }: ApiKeysTableProps) {
  if (keys.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="api-keys-empty">
        No API keys yet. Create one for a graphics machine that reads the CG files over the network.
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Key</Table.Th>
            <Table.Th>Permissions</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Created</Table.Th>
            <Table.Th>Last used</Table.Th>
            <Table.Th w={50}>
              {/* A header cell with words (hidden): a screen reader says which column it is. */}
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {keys.map((apiKey) => (
            <KeyRow key={apiKey.id} apiKey={apiKey} {...rest} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
