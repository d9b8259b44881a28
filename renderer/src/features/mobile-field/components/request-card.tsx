import { Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { EquipmentRequest } from '@shared/contracts/equipment';
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

export function RequestCard({ request, viewer }: { request: EquipmentRequest; viewer: MobileViewer }) {
  return (
    <Paper withBorder radius="md" p="sm" data-testid={`mobile-request-${request.id}`} data-status={request.status}>
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={600}>Request #{request.id}</Text>
          <RequestStatusBadge status={request.status} />
        </Group>
        <Field label="Equipment">{equipmentLabel(request)}</Field>
        <Field label="Purpose">
          <span dir="auto">{request.purpose}</span>
        </Field>
        <Field label="Requested by">{request.requestedByName ?? request.requestedByUsername ?? '—'}</Field>
        <Field label="Approved by">{request.approvedByUsername ?? '—'}</Field>
        <Text size="xs" c="dimmed">
          {createdDate(request.createdAt)}
        </Text>
        <RequestActionButtons request={request} viewer={viewer} />
      </Stack>
    </Paper>
  );
}
