import { eq } from 'drizzle-orm';
import { first } from '../../db/dialect';
import type { OverlayKeyRow } from '../../db/schema';
import { Repo } from '../../db/store';

/** SQL of the overlay keys (one per company; rotation replaces it). */
export class OverlayKeysRepo extends Repo {
  async ofCompany(companyId: number): Promise<OverlayKeyRow | undefined> {
    const { overlayKeys } = this.t;
    return first(await this.db.select().from(overlayKeys).where(eq(overlayKeys.companyId, companyId)));
  }

  async byHash(keyHash: string): Promise<OverlayKeyRow | undefined> {
    const { overlayKeys } = this.t;
    return first(await this.db.select().from(overlayKeys).where(eq(overlayKeys.keyHash, keyHash)));
  }

  /** Makes or replaces the company's key: the old one stops working with this commit. */
  async put(row: OverlayKeyRow): Promise<void> {
    const { overlayKeys } = this.t;
    await this.db
      .insert(overlayKeys)
      .values(row)
      .onConflictDoUpdate({
        target: overlayKeys.companyId,
        set: { key: row.key, keyHash: row.keyHash, createdAt: row.createdAt },
      });
  }
}
