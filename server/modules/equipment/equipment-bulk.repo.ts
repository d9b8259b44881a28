import { sql } from 'drizzle-orm';
import { isSqlite, type Q, tablesOf } from '../../db/store';
import type { EquipmentCsvRecord } from '../../../shared/equipment-csv';

type InsertParams = EquipmentCsvRecord & { companyId: number; createdBy: number; at: string };
/** Inserts one record; false when its code is already taken. */
type InsertOne = (params: InsertParams) => Promise<boolean>;

/** The prepared insert per connection or transaction handle (SQLite's writing connection: once). */
const inserts = new WeakMap<Q, InsertOne>();

/**
 * The one statement a bulk upload runs per row, prepared once (building and preparing SQL per
 * call costs more than running it: docs/design-rules.md §7). ON CONFLICT DO NOTHING lets the unique index
 * (company, code) decide duplicates, so a code that exists, or that a concurrent upload inserted
 * a moment ago, becomes that row's error instead of a failed transaction.
 */
function insertOneOn(db: Q): InsertOne {
  const known = inserts.get(db);
  if (known) return known;
  const { equipment } = tablesOf(db);
  const p = (name: string) => sql.placeholder(name);
  const query = db
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
    .onConflictDoNothing({ target: [equipment.companyId, equipment.code] });
  let insert: InsertOne;
  if (isSqlite(db)) {
    // better-sqlite3 runs it synchronously and says how many rows it changed.
    const prepared = (query as unknown as { prepare(): { run(p: object): { changes: number } } }).prepare();
    insert = (params) => Promise.resolve(prepared.run(params).changes === 1);
  } else {
    const prepared = query.returning({ id: equipment.id }).prepare('equipment_bulk_insert');
    insert = async (params) => (await prepared.execute({ ...params })).length === 1;
  }
  inserts.set(db, insert);
  return insert;
}

export class EquipmentBulkRepo {
  constructor(private readonly db: Q) {}

  /**
   * Inserts records from `start` until `keepGoing` says stop (a time budget); returns, per record
   * taken, whether it went in (false: the code is already taken). Runs inside the slice's write
   * (EquipmentBulkService: sliceCommit, committed without an fsync on the loop; the service
   * makes the slices durable before it answers, see EquipmentBulkService.announce).
   */
  async insertSlice(
    companyId: number,
    createdBy: number,
    at: string,
    records: EquipmentCsvRecord[],
    start: number,
    keepGoing: (taken: number) => boolean,
  ): Promise<boolean[]> {
    const insert = insertOneOn(this.db);
    const out: boolean[] = [];
    for (let i = start; i < records.length && (out.length === 0 || keepGoing(out.length)); i++) {
      out.push(await insert({ ...records[i]!, companyId, createdBy, at }));
    }
    return out;
  }
}
