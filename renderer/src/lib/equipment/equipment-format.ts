import type { Equipment, EquipmentRequest } from '@shared/contracts/equipment';

export const EQUIPMENT_STATUS_COLORS: Record<Equipment['status'], string> = {
  available: 'green',
  in_use: 'blue',
  checked_out: 'blue',
  maintenance: 'yellow',
  out_of_stock: 'orange',
  out_of_service: 'red',
};

export const REQUEST_STATUS_COLORS: Record<EquipmentRequest['status'], string> = {
  pending: 'yellow',
  approved: 'blue',
  rejected: 'red',
  out: 'grape',
  returned: 'green',
  return_requested: 'orange',
  extension_pending: 'cyan',
};

/** Status values as words ('out_of_service' → 'out of service'). */
export function statusText(status: string): string {
  return status.replace(/_/g, ' ');
}

export function formatWhen(iso: string | null): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** The search box matches name, code or category, case-insensitively. */
export function matchesSearch(item: Equipment, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return [item.name, item.code, item.category].some((field) => field.toLowerCase().includes(q));
}

/** Request numbers: one format on desktop and phone (shared/request-number.ts). */
export { requestNumber } from '@shared/request-number';

/** The approver as the requester is shown: full name first (issue 22), the username if none. */
export function approverName(r: Pick<EquipmentRequest, 'approvedByName' | 'approvedByUsername'>): string | null {
  return r.approvedByName ?? r.approvedByUsername;
}
