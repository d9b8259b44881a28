import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sliceCommit } from '../../lib/time-slices';
import { equipment } from '../../db/schema';
import type { EquipmentCsvRecord } from '../../../shared/equipment-csv';

/**
 * The one statement a bulk upload runs per row, prepared once (building and preparing SQL per
 * call costs more than running it: docs/design-rules.md §7). ON CONFLICT DO NOTHING lets the unique index
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
   * Inserts records from `start` in one transaction until `keepGoing` says stop (a time budget);
   * returns, per record taken, whether it went in (false: the code is already taken).
   *
   * Slices commit without an fsync (db/fast-commit.ts); the connection is back to FULL before the
   * loop is handed back, so a CG write in between commits as always. The service makes the slices
   * durable before it answers (see EquipmentBulkService.announce).
   */
  insertSlice(
    companyId: number,
    createdBy: number,
    at: string,
    records: EquipmentCsvRecord[],
    start: number,
    keepGoing: (taken: number) => boolean,
  ): boolean[] {
    return sliceCommit(this.db, () =>
      this.db.transaction(() => {
        const out: boolean[] = [];
        for (let i = start; i < records.length && (out.length === 0 || keepGoing(out.length)); i++) {
          out.push(this.insertStmt.run({ ...records[i]!, companyId, createdBy, at }).changes === 1);
        }
        return out;
      }),
    );
  }
}
