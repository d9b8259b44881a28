import { Alert, Badge, Center, Group, Loader, Paper, Stack, Table, Text, ThemeIcon } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconClipboardList } from '@tabler/icons-react';
import type { EquipmentRequest } from '@shared/contracts/equipment';
import { errorMessage } from '@/lib/api-client';
import { useEquipmentRequests } from '@/lib/api/equipment/equipment-requests';
import {
  REQUEST_STATUS_COLORS,
  approverName,
  formatWhen,
  requestNumber,
  statusText,
} from '@/lib/equipment/equipment-format';
import { isOverdue, type Actor } from '@/lib/equipment/request-buttons';
import { RequestActions } from './request-actions';

interface Props {
  actor: Actor;
  onRemind: (request: EquipmentRequest) => void;
}

function StatusBadge({ status }: { status: EquipmentRequest['status'] }) {
  return (
    // Never truncated to "APPROV…": the status is the one thing the desk reads first.
    <Badge
      color={REQUEST_STATUS_COLORS[status]}
      variant="light"
      data-testid="request-status"
      styles={{ root: { flex: 'none', maxWidth: 'none', overflow: 'visible' }, label: { overflow: 'visible' } }}
    >
      {statusText(status)}
    </Badge>
  );
}

function ReturnDate({ r }: { r: EquipmentRequest }) {
  const late = isOverdue(r);
  return (
    <Text size="sm" c={late ? 'red' : undefined} fw={late ? 600 : undefined} data-overdue={late || undefined}>
      {formatWhen(r.expectedReturnDate)}
      {/* Issue 39: a pending extension shows the date asked for beside the current one. */}
      {r.extension && (
        <Text span inherit c="cyan" fw={600} data-testid="extension-new-date">
          {' → '}
          {formatWhen(r.extension.newReturnDate)}
        </Text>
      )}
    </Text>
  );
}

/**
 * What the status alone does not say (issue 39): the extension's reason and who asked, the
 * rejection's reason (the borrower reads it here), the condition a unit came back in.
 */
function LoanNote({ r }: { r: EquipmentRequest }) {
  if (r.extension) {
    return (
      <Text size="xs" c="cyan" data-testid="extension-reason">
        Extension asked by {r.extension.requestedByName ?? 'someone'}: {r.extension.reason ?? 'no reason given'}
      </Text>
    );
  }
  if (r.status === 'rejected') {
    return (
      <Text size="xs" c="red" data-testid="rejection-reason">
        {r.rejectionReason ? `Reason: ${r.rejectionReason}` : 'No reason given'}
      </Text>
    );
  }
  if (r.returnCondition) {
    return (
      <Text size="xs" c="dimmed" data-testid="return-condition">
        Came back {r.returnCondition}
        {r.damageNote ? ` — ${r.damageNote}` : ''}
      </Text>
    );
  }
  return null;
}

const requester = (r: EquipmentRequest) => r.requestedByName ?? r.requestedByUsername ?? '—';
const item = (r: EquipmentRequest) =>
  `${r.equipmentName ?? 'Deleted equipment'}${r.equipmentCode ? ` (${r.equipmentCode})` : ''}`;

function RequestsTable({ requests, actor, onRemind }: Props & { requests: EquipmentRequest[] }) {
  return (
    <Table.ScrollContainer minWidth={1000}>
      <Table striped highlightOnHover verticalSpacing="xs" data-testid="requests-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Request</Table.Th>
            <Table.Th>Equipment</Table.Th>
            <Table.Th>Purpose</Table.Th>
            <Table.Th>Requested By</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Expected Return</Table.Th>
            <Table.Th>Approved By</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {requests.map((r) => (
            <Table.Tr key={r.id} data-testid="request-row" data-request-id={r.id}>
              <Table.Td ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                {requestNumber(r.id)}
              </Table.Td>
              <Table.Td>{item(r)}</Table.Td>
              <Table.Td style={{ maxWidth: 240 }}>
                <Text size="sm" lineClamp={2}>
                  {r.purpose}
                </Text>
              </Table.Td>
              <Table.Td>{requester(r)}</Table.Td>
              <Table.Td style={{ maxWidth: 260 }}>
                <StatusBadge status={r.status} />
                <LoanNote r={r} />
              </Table.Td>
              <Table.Td>
                <ReturnDate r={r} />
              </Table.Td>
              <Table.Td>{approverName(r) ?? '—'}</Table.Td>
              <Table.Td>
                <RequestActions request={r} actor={actor} onRemind={onRemind} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Phones: one card per request, the same facts and buttons, no sideways scrolling. */
function RequestCard({ r, actor, onRemind }: Props & { r: EquipmentRequest }) {
  return (
    <Paper withBorder radius="md" p="sm" data-testid="request-row" data-request-id={r.id}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={600} size="sm" style={{ minWidth: 0 }} lineClamp={2}>
            {item(r)}
          </Text>
          <StatusBadge status={r.status} />
        </Group>
        <Text size="sm">{r.purpose}</Text>
        <Text size="xs" c="dimmed">
          {requestNumber(r.id)} · {requester(r)}
          {approverName(r) ? ` · approved by ${approverName(r)}` : ''}
        </Text>
        <Group gap={4}>
          <Text size="xs" c="dimmed">
            Return by
          </Text>
          <ReturnDate r={r} />
        </Group>
        <LoanNote r={r} />
        <RequestActions request={r} actor={actor} onRemind={onRemind} />
      </Stack>
    </Paper>
  );
}

/** The Requests tab (docs/product.md §Screens and routes): every loan with its requester and its next steps. */
export function RequestsList({ actor, onRemind }: Props) {
  const requests = useEquipmentRequests();
  const phone = useMediaQuery('(max-width: 48em)');
  const list = requests.data ?? [];
  if (requests.error) return <Alert color="red">{errorMessage(requests.error, 'Failed to load requests')}</Alert>;
  if (requests.isPending) {
    return (
      <Center py="xl">
        <Loader size="sm" />
      </Center>
    );
  }
  if (!list.length) {
    return (
      <Paper withBorder radius="md" p="xl">
        <Stack align="center" gap="xs">
          <ThemeIcon size={48} radius="xl" variant="light" color="gray">
            <IconClipboardList size={26} />
          </ThemeIcon>
          <Text fw={600}>No equipment requests</Text>
        </Stack>
      </Paper>
    );
  }
  if (phone) {
    return (
      <Stack gap="sm" data-testid="requests-cards">
        {list.map((r) => (
          <RequestCard key={r.id} r={r} actor={actor} onRemind={onRemind} />
        ))}
      </Stack>
    );
  }
  return (
    <Paper withBorder radius="md" p="xs">
      <RequestsTable requests={list} actor={actor} onRemind={onRemind} />
    </Paper>
  );
}
