import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { cgFiles, companies, type CgFileRow } from '../../db/schema';

export interface CgUpsert {
  type: string;
  content: string;
  fileName?: string | null;
  outputPath?: string | null;
}

/** CG rows by id and type, and the writes off the hot path (cg-hot-statements.ts has the rest). */
export class CgFilesRepo {
  constructor(private readonly db: DbOrTx) {}

  find(companyId: number, id: number): CgFileRow | undefined {
    return this.db
      .select()
      .from(cgFiles)
      .where(and(eq(cgFiles.companyId, companyId), eq(cgFiles.id, id)))
      .get();
  }

  findByType(companyId: number, type: string): CgFileRow | undefined {
    return this.db
      .select()
      .from(cgFiles)
      .where(and(eq(cgFiles.companyId, companyId), eq(cgFiles.type, type)))
      .get();
  }

  /** Insert or replace the one row of (company, type). */
  upsert(companyId: number, userId: number | null, change: CgUpsert, at: string): CgFileRow {
    const set: Partial<typeof cgFiles.$inferInsert> = { content: change.content, updatedBy: userId, updatedAt: at };
    if (change.fileName !== undefined) set.fileName = change.fileName;
    if (change.outputPath !== undefined) set.outputPath = change.outputPath;
    return this.db
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
      .returning()
      .get();
  }

  delete(companyId: number, id: number): void {
    this.db
      .delete(cgFiles)
      .where(and(eq(cgFiles.companyId, companyId), eq(cgFiles.id, id)))
      .run();
  }

  companyIds(): number[] {
    return this.db
      .select({ id: companies.id })
      .from(companies)
      .all()
      .map((r) => r.id);
  }
}
