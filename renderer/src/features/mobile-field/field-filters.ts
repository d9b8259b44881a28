import type { Equipment, EquipmentRequest } from '@shared/contracts/equipment';

/** '' = every status. */
export type StatusFilter = Equipment['status'] | '';

export interface ItemFilter {
  query: string;
  status: StatusFilter;
}

/**
 * The Equipment tab's search (name, code or category, any case, any part) and status filter:
 * 193 items are a long scroll on a phone. Thaana and Latin alike: plain substring on lower case.
 */
export function filterItems(items: readonly Equipment[], filter: ItemFilter): Equipment[] {
  const q = filter.query.trim().toLocaleLowerCase();
  return items.filter((item) => {
    if (filter.status && item.status !== filter.status) return false;
    return !q || [item.name, item.code, item.category].some((field) => field.toLocaleLowerCase().includes(q));
  });
}

/**
 * The caller's pending request per item (the oldest, the one an approver sees first): an item
 * that has one says so and does not offer Request again. The server still accepts a second
 * request (the old app's duplicates are cleaned up by cleanup-duplicates); the screen stops it.
 */
export function myPendingByItem(requests: readonly EquipmentRequest[], userId: number): Map<number, EquipmentRequest> {
  const mine = new Map<number, EquipmentRequest>();
  for (const r of requests) {
    if (r.requestedBy !== userId || r.status !== 'pending') continue;
    const seen = mine.get(r.equipmentId);
    if (!seen || r.id < seen.id) mine.set(r.equipmentId, r);
  }
  return mine;
}

/** Loans whose unit has (or is about to have) left the shelf: these carry a due date. */
const ON_LOAN: readonly EquipmentRequest['status'][] = ['approved', 'out', 'return_requested', 'extension_pending'];

export function isOnLoan(request: Pick<EquipmentRequest, 'status'>): boolean {
  return ON_LOAN.includes(request.status);
}

/** 'Mine' on the Requests tab: what the caller asked for, newest first as the server lists them. */
export function requestsShown(
  requests: readonly EquipmentRequest[],
  userId: number,
  mineOnly: boolean,
): EquipmentRequest[] {
  return mineOnly ? requests.filter((r) => r.requestedBy === userId) : [...requests];
}
