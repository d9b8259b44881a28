import { EQUIPMENT_UNLOANABLE_STATUSES } from '../../../shared/constants';
import type { EquipmentRow } from '../../db/schema';
import type { Q } from '../../db/store';
import { conflict, notFound } from '../../lib/errors';
import { EquipmentRepo } from './equipment.repo';

/**
 * Stock moves (Check Out, return). Call these inside the `store.write` body that also moves the
 * request: a station's writes run one at a time on every engine (db/store.ts), so the re-read here
 * and the write below it cannot interleave with another request's — two people cannot take the
 * last unit. The table's CHECK (0 ≤ stock ≤ quantity) is the last line behind that.
 */

/** The status that follows a stock change: empty shelf → checked_out; a unit back → available. */
export function statusForStock(status: string, stock: number): string {
  if (stock === 0 && status === 'available') return 'checked_out';
  if (stock > 0 && status === 'checked_out') return 'available';
  return status;
}

const STATUS_WORDS: Record<string, string> = { maintenance: 'in maintenance', out_of_service: 'out of service' };

/**
 * Takes one unit off the shelf for a Check Out, or says why it cannot (409). Like every change it
 * moves the item's version on (the status may follow the stock); updatedBy null reads as "Someone".
 */
export async function takeUnit(tx: Q, companyId: number, equipmentId: number, at: string): Promise<EquipmentRow> {
  const repo = new EquipmentRepo(tx);
  const item = await repo.find(companyId, equipmentId);
  if (!item) throw notFound('Equipment');
  if ((EQUIPMENT_UNLOANABLE_STATUSES as readonly string[]).includes(item.status)) {
    throw conflict(`${item.name} is ${STATUS_WORDS[item.status] ?? item.status} and cannot be checked out`);
  }
  if (item.currentStock <= 0) throw conflict(`No ${item.name} left in stock`);
  const stock = item.currentStock - 1;
  return (await repo.update(companyId, equipmentId, {
    currentStock: stock,
    status: statusForStock(item.status, stock),
    updatedAt: at,
    updatedBy: null,
  }))!;
}

/**
 * Puts one unit back (a checked-out loan returned). Never above quantity: if the shelf is already
 * full (the quantity was lowered meanwhile) the unit is simply not counted twice.
 */
export async function putUnitBack(
  tx: Q,
  companyId: number,
  equipmentId: number,
  at: string,
): Promise<EquipmentRow | undefined> {
  const repo = new EquipmentRepo(tx);
  const item = await repo.find(companyId, equipmentId);
  if (!item) return undefined;
  const stock = Math.min(item.quantity, item.currentStock + 1);
  return repo.update(companyId, equipmentId, {
    currentStock: stock,
    status: statusForStock(item.status, stock),
    updatedAt: at,
    updatedBy: null,
  });
}

/** The engines' codes of a refused CHECK / UNIQUE (PostgreSQL's SQLSTATEs 23514 / 23505). */
const CONSTRAINT_CODES: Record<string, 'check' | 'unique'> = {
  SQLITE_CONSTRAINT_CHECK: 'check',
  SQLITE_CONSTRAINT_UNIQUE: 'unique',
  '23514': 'check',
  '23505': 'unique',
};

/**
 * Which constraint refused a write, if one did. drizzle hands PostgreSQL's error on as the
 * `cause` of its own; better-sqlite3's arrives as it is.
 */
export function refusedConstraint(err: unknown): 'check' | 'unique' | null {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 3; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && Object.hasOwn(CONSTRAINT_CODES, code)) return CONSTRAINT_CODES[code]!;
  }
  return null;
}

/** A CHECK / UNIQUE refusal from the store, as the 409 it means (never a 500). */
export function constraintConflict(err: unknown, message: string): unknown {
  return refusedConstraint(err) ? conflict(message) : err;
}
