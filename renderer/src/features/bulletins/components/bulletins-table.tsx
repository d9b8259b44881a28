import { ActionIcon, Badge, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconEye, IconPencil, IconTrash } from '@tabler/icons-react';
import { backTime } from '@shared/bulletin-back-timing';
import { formatSeconds, overUnderText } from '@shared/bulletin-running-time';
import type { Bulletin } from '@shared/contracts/bulletins';
import type { User } from '@shared/contracts/users';
import { textDirection } from '@/lib/text-direction';
import { formatWhen, STATUS_COLORS, userLookupText } from '../bulletin-format';
import { EditingBadge } from '@/components/editing-indicators';

interface Props {
  bulletins: Bulletin[];
  users: User[] | undefined;
  editable: boolean;
  deletingId: number | undefined;
  onPreview: (b: Bulletin) => void;
  onEdit: (b: Bulletin) => void;
  onDelete: (b: Bulletin) => void;
}

const STICKY_ACTIONS = {
  position: 'sticky',
  right: 0,
  zIndex: 1,
  background: 'var(--mantine-color-body)',
  boxShadow: '-6px 0 6px -6px rgba(0, 0, 0, 0.6)',
} as const;

function Row({
  b,
  users,
  editable,
  deleting,
  onPreview,
  onEdit,
  onDelete,
}: Omit<Props, 'bulletins' | 'deletingId'> & { b: Bulletin; deleting: boolean }) {
  const diff = overUnderText(b.plannedSeconds, b.duration);
  // Issue 39: when it ends against when its slot ends (the preview times every item).
  const timing = backTime(
    b.broadcastTime,
    b.bulletinItems.map((i) => i.durationSeconds),
    b.duration,
  );
  return (
    <Table.Tr data-testid="bulletin-row">
      <Table.Td>
        <Text size="sm" fw={500} dir={textDirection(b.title)} data-testid="bulletin-title">
          {b.title}
        </Text>
        <EditingBadge kind="bulletin" id={b.id} />
      </Table.Td>
      {/* The status never truncates to "DR…" on a phone: the table scrolls sideways instead. */}
      <Table.Td style={{ width: 110, minWidth: 110 }}>
        <Badge
          color={STATUS_COLORS[b.status]}
          variant="light"
          styles={{ root: { maxWidth: 'none', overflow: 'visible' }, label: { overflow: 'visible' } }}
        >
          {b.status}
        </Badge>
      </Table.Td>
      <Table.Td>{b.broadcastTime}</Table.Td>
      <Table.Td>
        <Text size="sm">{b.duration} min</Text>
        <Text
          size="xs"
          c={diff.over ? 'red' : 'dimmed'}
          fw={diff.over ? 600 : undefined}
          data-testid="bulletin-over-under"
        >
          {formatSeconds(b.plannedSeconds)} ({diff.text})
        </Text>
        {timing.clock && (
          <Text size="xs" c={diff.over ? 'red' : 'dimmed'} data-testid="bulletin-ends">
            Ends {timing.ends} · slot ends {timing.slotEnds}
          </Text>
        )}
      </Table.Td>
      <Table.Td>{b.bulletinItems.length}</Table.Td>
      <Table.Td>
        <Stack gap={0}>
          <Text size="xs">
            {formatWhen(b.createdAt)} · {userLookupText(b.createdBy, b.createdByName, users)}
          </Text>
          <Text size="xs" c="dimmed">
            {formatWhen(b.updatedAt)} · {userLookupText(b.updatedBy, b.updatedByName, users)}
          </Text>
        </Stack>
      </Table.Td>
      {/* Issue 39: on a phone the table scrolls sideways; the actions stay in view at its right edge. */}
      <Table.Td style={STICKY_ACTIONS}>
        <Group gap={2} wrap="nowrap">
          <Tooltip label="Preview">
            <ActionIcon variant="subtle" aria-label={`Preview ${b.title}`} onClick={() => onPreview(b)}>
              <IconEye size={16} />
            </ActionIcon>
          </Tooltip>
          {editable && (
            <>
              <Tooltip label="Edit">
                <ActionIcon variant="subtle" aria-label={`Edit ${b.title}`} onClick={() => onEdit(b)}>
                  <IconPencil size={16} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label="Delete">
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Delete ${b.title}`}
                  loading={deleting}
                  onClick={() => onDelete(b)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Tooltip>
            </>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** The spec's table (001 §2): Title, Status, Broadcast Time, Duration, Items, Created/Updated, Actions. */
export function BulletinsTable({ bulletins, deletingId, ...rest }: Props) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped highlightOnHover verticalSpacing="xs" data-testid="bulletins-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Title</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Broadcast Time</Table.Th>
            <Table.Th>Duration</Table.Th>
            <Table.Th>Items</Table.Th>
            <Table.Th>Created/Updated</Table.Th>
            <Table.Th style={STICKY_ACTIONS}>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {bulletins.map((b) => (
            <Row key={b.id} b={b} deleting={deletingId === b.id} {...rest} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
