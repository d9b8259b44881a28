import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { EquipmentRequest } from '@shared/contracts/equipment';
import { requestNumber } from '@shared/request-number';
import { isOverdue } from '@/lib/equipment/request-buttons';
import { isOnLoan } from '../field-filters';
import type { MobileViewer } from '../request-actions';
import { RequestActionButtons } from './request-action-buttons';
import { RequestStatusBadge } from './status-badges';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
      <Text span c="dimmed" size="sm">
        {label}:{' '}
      </Text>
      {children}
    </Text>
  );
}

/** Spec 001 §2 shows the equipment id; the name and code say which item it is. */
function equipmentLabel(r: EquipmentRequest): string {
  const named = [r.equipmentName, r.equipmentCode && `(${r.equipmentCode})`].filter(Boolean).join(' ');
  return named ? `#${r.equipmentId} · ${named}` : `#${r.equipmentId}`;
}

function createdDate(value: string | null | undefined): string {
  if (!value) return 'No date';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? 'No date' : date.toLocaleString();
}

function dueDate(value: string | null): string {
  const date = value ? new Date(value) : null;
  return date && !Number.isNaN(date.getTime())
    ? date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })
    : '—';
}

/** A loan's due date, and an Overdue mark once it has passed with the unit still away. */
function DueLine({ request }: { request: EquipmentRequest }) {
  const late = isOverdue(request);
  return (
    <Group gap="xs" wrap="nowrap" data-testid="request-due" data-overdue={late || undefined}>
      <Field label="Due">
        <Text span size="sm" c={late ? 'red' : undefined} fw={late ? 700 : undefined}>
          {dueDate(request.expectedReturnDate)}
        </Text>
      </Field>
      {late && (
        <Badge color="red" variant="filled" size="sm" style={{ flex: 'none' }}>
          Overdue
        </Badge>
      )}
    </Group>
  );
}

export function RequestCard({ request, viewer }: { request: EquipmentRequest; viewer: MobileViewer }) {
  const mine = request.requestedBy === viewer.id;
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      data-testid={`mobile-request-${request.id}`}
      data-status={request.status}
      data-mine={mine || undefined}
      style={mine ? { borderLeft: '4px solid var(--mantine-color-blue-filled)' } : undefined}
    >
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={600} ff="monospace">
            {requestNumber(request.id)}
          </Text>
          <RequestStatusBadge status={request.status} />
        </Group>
        <Field label="Equipment">{equipmentLabel(request)}</Field>
        <Field label="Purpose">
          <span dir="auto">{request.purpose}</span>
        </Field>
        <Field label="Requested by">{request.requestedByName ?? request.requestedByUsername ?? '—'}</Field>
        <Field label="Approved by">{request.approvedByName ?? request.approvedByUsername ?? '—'}</Field>
        {isOnLoan(request) && <DueLine request={request} />}
        {/* Issue 39: the extension asked for (both dates, why), a rejection's reason, the check-in. */}
        {request.extension && (
          <Field label="Extension asked">
            <Text span size="sm" c="cyan" fw={600} data-testid="extension-new-date">
              {dueDate(request.extension.newReturnDate)}
            </Text>
            {` — ${request.extension.reason ?? 'no reason given'} (${request.extension.requestedByName ?? 'someone'})`}
          </Field>
        )}
        {request.status === 'rejected' && (
          <Field label="Rejected">
            <Text span size="sm" c="red" data-testid="rejection-reason">
              {request.rejectionReason ?? 'No reason given'}
            </Text>
          </Field>
        )}
        {request.returnCondition && (
          <Field label="Came back">
            {request.returnCondition}
            {request.damageNote ? ` — ${request.damageNote}` : ''}
          </Field>
        )}
        <Text size="xs" c="dimmed">
          {createdDate(request.createdAt)}
        </Text>
        <RequestActionButtons request={request} viewer={viewer} />
      </Stack>
    </Paper>
  );
}
