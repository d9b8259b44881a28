import type { EQUIPMENT_ALERT_KINDS } from '../../../shared/constants';

export type EquipmentAlertKind = (typeof EQUIPMENT_ALERT_KINDS)[number];

const MINUTE = 60_000;

/**
 * When a loan's alerts are due. Pure functions of times in ms, so the rules are tested without a
 * server and the jobs only gather rows. "Last" is the newest alert of that kind for the request.
 */

/**
 * Overdue: at the due time, then again every interval while the loan stays out. An alert from
 * before the current due date (the loan was extended since) does not count.
 */
export function overdueAlertIsDue(
  dueMs: number,
  nowMs: number,
  lastMs: number | null,
  intervalMinutes: number,
): boolean {
  if (nowMs < dueMs) return false;
  if (lastMs === null || lastMs < dueMs) return true;
  return nowMs - lastMs >= intervalMinutes * MINUTE;
}

/**
 * Before due: once inside the window [due − before, due). A reminder made inside the window
 * already covers it; one made earlier belonged to an older due date (an extension moved it).
 */
export function beforeDueReminderIsDue(
  dueMs: number,
  nowMs: number,
  lastMs: number | null,
  beforeMinutes: number,
): boolean {
  const windowStart = dueMs - beforeMinutes * MINUTE;
  if (nowMs < windowStart || nowMs >= dueMs) return false;
  return lastMs === null || lastMs < windowStart;
}

/** After due: once, from `after` minutes past the due time, while the loan is still out. */
export function afterDueReminderIsDue(
  dueMs: number,
  nowMs: number,
  lastMs: number | null,
  afterMinutes: number,
): boolean {
  const from = dueMs + afterMinutes * MINUTE;
  if (nowMs < from) return false;
  return lastMs === null || lastMs < from;
}

export function minutesPast(dueMs: number, nowMs: number): number {
  return Math.max(0, Math.floor((nowMs - dueMs) / MINUTE));
}

/** A stored date as ms; an unreadable one is treated as absent (no alert rather than a crash). */
export function timeOf(iso: string | null | undefined): number | null {
  if (!iso) return null;
  const ms = Date.parse(iso);
  return Number.isFinite(ms) ? ms : null;
}
