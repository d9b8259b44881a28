import { and, asc, eq } from 'drizzle-orm';
import { first } from '../../db/dialect';
import type { ApiKeyRow } from '../../db/schema';
import { type Tables, Repo } from '../../db/store';

export class ApiKeysRepo extends Repo {
  list(companyId: number): Promise<ApiKeyRow[]> {
    const { apiKeys } = this.t;
    return this.db.select().from(apiKeys).where(eq(apiKeys.companyId, companyId)).orderBy(asc(apiKeys.id));
  }

  async insert(values: Tables['apiKeys']['$inferInsert']): Promise<ApiKeyRow> {
    const [row] = await this.db.insert(this.t.apiKeys).values(values).returning();
    return row!;
  }

  async findByHash(keyHash: string): Promise<ApiKeyRow | undefined> {
    const { apiKeys } = this.t;
    return first(await this.db.select().from(apiKeys).where(eq(apiKeys.keyHash, keyHash)));
  }

  async setActive(companyId: number, id: number, isActive: boolean): Promise<ApiKeyRow | undefined> {
    const { apiKeys } = this.t;
    return first(
      await this.db
        .update(apiKeys)
        .set({ isActive })
        .where(and(eq(apiKeys.companyId, companyId), eq(apiKeys.id, id)))
        .returning(),
    );
  }

  async delete(companyId: number, id: number): Promise<boolean> {
    const { apiKeys } = this.t;
    const gone = await this.db
      .delete(apiKeys)
      .where(and(eq(apiKeys.companyId, companyId), eq(apiKeys.id, id)))
      .returning({ id: apiKeys.id });
    return gone.length > 0;
  }

  async touch(id: number, at: string): Promise<void> {
    const { apiKeys } = this.t;
    await this.db.update(apiKeys).set({ lastUsed: at }).where(eq(apiKeys.id, id));
  }
}
