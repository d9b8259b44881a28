import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { activityLogs, cgFiles, companies, type CgFileRow } from '../../db/schema';

/**
 * The queries every on-air write runs, built and prepared once (docs/design-rules.md §7 profile: drizzle
 * building SQL and SQLite preparing it anew cost ~1 ms per write — more than running them).
 * Prepared on the one connection, so they join the transaction they are called in.
 */
export class CgHotStatements {
  private readonly listStmt;
  private readonly outputPathStmt;
  private readonly upsertStmt;
  private readonly activityStmt;

  constructor(db: Db) {
    this.listStmt = db
      .select()
      .from(cgFiles)
      .where(eq(cgFiles.companyId, sql.placeholder('companyId')))
      .orderBy(asc(cgFiles.id))
      .prepare();
    this.outputPathStmt = db
      .select({ p: companies.cgOutputPath })
      .from(companies)
      .where(eq(companies.id, sql.placeholder('companyId')))
      .prepare();
    const content = sql.placeholder('content');
    const updatedBy = sql.placeholder('updatedBy');
    const at = sql.placeholder('at');
    this.upsertStmt = db
      .insert(cgFiles)
      .values({
        type: sql.placeholder('type'),
        content,
        companyId: sql.placeholder('companyId'),
        updatedBy,
        createdAt: at,
        updatedAt: at,
        fileName: sql.placeholder('fileName'),
      })
      // The conflicting row takes the new text from SQLite's `excluded` row (placeholders cannot stand in SET).
      .onConflictDoUpdate({
        target: [cgFiles.companyId, cgFiles.type],
        set: {
          content: sql`excluded.content`,
          updatedBy: sql`excluded.updated_by`,
          updatedAt: sql`excluded.updated_at`,
        },
      })
      .returning()
      .prepare();
    this.activityStmt = db
      .insert(activityLogs)
      .values({
        companyId: sql.placeholder('companyId'),
        userId: sql.placeholder('userId'),
        action: sql.placeholder('action'),
        details: sql.placeholder('details'),
        createdAt: sql.placeholder('at'),
      })
      .prepare();
  }

  list(companyId: number): CgFileRow[] {
    return this.listStmt.all({ companyId });
  }

  outputPathOf(companyId: number): string | undefined {
    return this.outputPathStmt.get({ companyId })?.p;
  }

  /** The common write: text only (file name and output path of an existing row are kept). */
  upsertText(companyId: number, userId: number | null, type: string, content: string, at: string): CgFileRow {
    const row = this.upsertStmt.get({ companyId, updatedBy: userId, type, content, at, fileName: null });
    if (!row) throw new Error(`CG upsert of ${type} returned no row`);
    return row;
  }

  recordActivity(companyId: number, userId: number | null, action: string, details: string, at: string): void {
    this.activityStmt.run({ companyId, userId, action, details, at });
  }
}
