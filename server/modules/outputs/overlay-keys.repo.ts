import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { overlayKeys, type OverlayKeyRow } from '../../db/schema';

/** SQL of the overlay keys (one per company; rotation replaces it). */
export class OverlayKeysRepo {
  constructor(private readonly db: DbOrTx) {}

  ofCompany(companyId: number): OverlayKeyRow | undefined {
    return this.db.select().from(overlayKeys).where(eq(overlayKeys.companyId, companyId)).get();
  }

  byHash(keyHash: string): OverlayKeyRow | undefined {
    return this.db.select().from(overlayKeys).where(eq(overlayKeys.keyHash, keyHash)).get();
  }

  /** Makes or replaces the company's key: the old one stops working with this commit. */
  put(row: OverlayKeyRow): void {
    this.db
      .insert(overlayKeys)
      .values(row)
      .onConflictDoUpdate({
        target: overlayKeys.companyId,
        set: { key: row.key, keyHash: row.keyHash, createdAt: row.createdAt },
      })
      .run();
  }
}
