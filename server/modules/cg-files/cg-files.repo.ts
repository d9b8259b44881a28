import { and, asc, eq } from 'drizzle-orm';
import { first } from '../../db/dialect';
import type { CgFileRow } from '../../db/schema';
import { type Tables, Repo } from '../../db/store';

export interface CgUpsert {
  type: string;
  content: string;
  fileName?: string | null;
  outputPath?: string | null;
}

/** CG rows by id and type, and the writes off the hot path (cg-hot-statements.ts has the rest). */
export class CgFilesRepo extends Repo {
  async find(companyId: number, id: number): Promise<CgFileRow | undefined> {
    const { cgFiles } = this.t;
    return first(
      await this.db
        .select()
        .from(cgFiles)
        .where(and(eq(cgFiles.companyId, companyId), eq(cgFiles.id, id))),
    );
  }

  async findByType(companyId: number, type: string): Promise<CgFileRow | undefined> {
    const { cgFiles } = this.t;
    return first(
      await this.db
        .select()
        .from(cgFiles)
        .where(and(eq(cgFiles.companyId, companyId), eq(cgFiles.type, type))),
    );
  }

  /** Insert or replace the one row of (company, type). */
  async upsert(companyId: number, userId: number | null, change: CgUpsert, at: string): Promise<CgFileRow> {
    const { cgFiles } = this.t;
    const set: Partial<Tables['cgFiles']['$inferInsert']> = {
      content: change.content,
      updatedBy: userId,
      updatedAt: at,
    };
    if (change.fileName !== undefined) set.fileName = change.fileName;
    if (change.outputPath !== undefined) set.outputPath = change.outputPath;
    const row = first(
      await this.db
        .insert(cgFiles)
        .values({
          type: change.type,
          content: change.content,
          fileName: change.fileName,
          outputPath: change.outputPath,
          companyId,
          updatedBy: userId,
          createdAt: at,
          updatedAt: at,
        })
        .onConflictDoUpdate({ target: [cgFiles.companyId, cgFiles.type], set })
        .returning(),
    );
    if (!row) throw new Error(`CG upsert of ${change.type} returned no row`);
    return row;
  }

  async delete(companyId: number, id: number): Promise<void> {
    const { cgFiles } = this.t;
    await this.db.delete(cgFiles).where(and(eq(cgFiles.companyId, companyId), eq(cgFiles.id, id)));
  }

  /** Every company's id and stored CG output path (as entered: resolved against the base dir by the service). */
  companyFolders(): Promise<Array<{ id: number; cgOutputPath: string }>> {
    const { companies } = this.t;
    return this.db
      .select({ id: companies.id, cgOutputPath: companies.cgOutputPath })
      .from(companies)
      .orderBy(asc(companies.id));
  }
}
