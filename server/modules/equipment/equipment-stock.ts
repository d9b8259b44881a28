import { EQUIPMENT_UNLOANABLE_STATUSES } from '../../../shared/constants';
import type { DbOrTx } from '../../db/client';
import type { EquipmentRow } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';
import { EquipmentRepo } from './equipment.repo';

/**
 * Stock moves (Check Out, return). Call these inside the synchronous transaction that also moves
 * the request: better-sqlite3 runs a transaction without yielding, so the re-read here and the
 * write below it cannot interleave with another request's — two people cannot take the last unit.
 * The table's CHECK (0 ≤ stock ≤ quantity) is the last line behind that.
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
export function takeUnit(db: DbOrTx, companyId: number, equipmentId: number, at: string): EquipmentRow {
  const repo = new EquipmentRepo(db);
  const item = repo.find(companyId, equipmentId);
  if (!item) throw notFound('Equipment');
  if ((EQUIPMENT_UNLOANABLE_STATUSES as readonly string[]).includes(item.status)) {
    throw conflict(`${item.name} is ${STATUS_WORDS[item.status] ?? item.status} and cannot be checked out`);
  }
  if (item.currentStock <= 0) throw conflict(`No ${item.name} left in stock`);
  const stock = item.currentStock - 1;
  return repo.update(companyId, equipmentId, {
    currentStock: stock,
    status: statusForStock(item.status, stock),
    updatedAt: at,
    updatedBy: null,
  })!;
}

/**
 * Puts one unit back (a checked-out loan returned). Never above quantity: if the shelf is already
 * full (the quantity was lowered meanwhile) the unit is simply not counted twice.
 */
export function putUnitBack(db: DbOrTx, companyId: number, equipmentId: number, at: string): EquipmentRow | undefined {
  const repo = new EquipmentRepo(db);
  const item = repo.find(companyId, equipmentId);
  if (!item) return undefined;
  const stock = Math.min(item.quantity, item.currentStock + 1);
  return repo.update(companyId, equipmentId, {
    currentStock: stock,
    status: statusForStock(item.status, stock),
    updatedAt: at,
    updatedBy: null,
  });
}

/** A CHECK / UNIQUE refusal from SQLite, as the 409 it means (never a 500). */
export function constraintConflict(err: unknown, message: string): unknown {
  const code = (err as { code?: unknown } | null)?.code;
  if (code === 'SQLITE_CONSTRAINT_CHECK' || code === 'SQLITE_CONSTRAINT_UNIQUE') return conflict(message);
  return err;
}
