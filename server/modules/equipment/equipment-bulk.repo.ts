import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { equipment } from '../../db/schema';
import type { EquipmentCsvRecord } from '../../../shared/equipment-csv';

/**
 * The one statement a bulk upload runs per row, prepared once (building and preparing SQL per
 * call costs more than running it: DESIGN.md §7). ON CONFLICT DO NOTHING lets the unique index
 * (company, code) decide duplicates, so a code that exists, or that a concurrent upload inserted
 * a moment ago, becomes that row's error instead of a failed transaction.
 */
export class EquipmentBulkRepo {
  private readonly insertStmt;

  constructor(private readonly db: Db) {
    const p = (name: string) => sql.placeholder(name);
    this.insertStmt = db
      .insert(equipment)
      .values({
        companyId: p('companyId'),
        name: p('name'),
        code: p('code'),
        description: p('description'),
        category: p('category'),
        condition: p('condition'),
        location: p('location'),
        quantity: p('quantity'),
        currentStock: p('quantity'),
        minStock: 0,
        status: p('status'),
        createdBy: p('createdBy'),
        createdAt: p('at'),
        updatedAt: p('at'),
      })
      .onConflictDoNothing({ target: [equipment.companyId, equipment.code] })
      .prepare();
  }

  /**
   * Inserts the rows in one transaction; answers, per row, whether it went in (false: the code
   * is already taken in this company).
   */
  insertMany(companyId: number, createdBy: number, at: string, records: EquipmentCsvRecord[]): boolean[] {
    return this.db.transaction(() => records.map((r) => this.insertStmt.run({ ...r, companyId, createdBy, at }).changes === 1));
  }
}
