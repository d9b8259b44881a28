import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { apiKeys, type ApiKeyRow } from '../../db/schema';

export class ApiKeysRepo {
  constructor(private readonly db: DbOrTx) {}

  list(companyId: number): ApiKeyRow[] {
    return this.db.select().from(apiKeys).where(eq(apiKeys.companyId, companyId)).orderBy(asc(apiKeys.id)).all();
  }

  insert(values: typeof apiKeys.$inferInsert): ApiKeyRow {
    return this.db.insert(apiKeys).values(values).returning().get();
  }

  findByHash(keyHash: string): ApiKeyRow | undefined {
    return this.db.select().from(apiKeys).where(eq(apiKeys.keyHash, keyHash)).get();
  }

  setActive(companyId: number, id: number, isActive: boolean): ApiKeyRow | undefined {
    return this.db
      .update(apiKeys)
      .set({ isActive })
      .where(and(eq(apiKeys.companyId, companyId), eq(apiKeys.id, id)))
      .returning()
      .get();
  }

  delete(companyId: number, id: number): boolean {
    return (
      this.db
        .delete(apiKeys)
        .where(and(eq(apiKeys.companyId, companyId), eq(apiKeys.id, id)))
        .run().changes > 0
    );
  }

  touch(id: number, at: string): void {
    this.db.update(apiKeys).set({ lastUsed: at }).where(eq(apiKeys.id, id)).run();
  }
}
