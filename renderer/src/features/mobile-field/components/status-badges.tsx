import { Badge } from '@mantine/core';
import type { Equipment, EquipmentRequest } from '@shared/contracts/equipment';
import { requestStatusWord } from '@shared/equipment-transitions';

const EQUIPMENT_COLOURS: Record<Equipment['status'], string> = {
  available: 'green',
  in_use: 'orange',
  checked_out: 'orange',
  maintenance: 'yellow',
  out_of_stock: 'red',
  out_of_service: 'red',
};

/** The full word always shows: a badge beside a long name must not shrink to 'CHECK…'. */
const WHOLE_WORD = {
  root: { flex: 'none', maxWidth: 'none', overflow: 'visible' },
  label: { overflow: 'visible' },
} as const;

const REQUEST_COLOURS: Record<EquipmentRequest['status'], string> = {
  pending: 'yellow',
  approved: 'blue',
  out: 'orange',
  return_requested: 'grape',
  returned: 'green',
  rejected: 'red',
  extension_pending: 'violet',
};

export function EquipmentStatusBadge({ status }: { status: Equipment['status'] }) {
  return (
    <Badge color={EQUIPMENT_COLOURS[status]} variant="light" data-status={status} styles={WHOLE_WORD}>
      {status.replace(/_/g, ' ')}
    </Badge>
  );
}

/** Words, not codes: 'awaiting return approval' tells the cameraman what happens next. */
export function RequestStatusBadge({ status }: { status: EquipmentRequest['status'] }) {
  return (
    <Badge color={REQUEST_COLOURS[status]} variant="light" data-status={status} styles={WHOLE_WORD}>
      {requestStatusWord(status)}
    </Badge>
  );
}
