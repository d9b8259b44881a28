import { eq } from 'drizzle-orm';
import type { CgWritableType } from '../../../shared/contracts/cg-files';
import { first } from '../../db/dialect';
import type { CgNextRow } from '../../db/schema';
import { Repo } from '../../db/store';

/** A station's NEXT as the service works with it: the staged texts in staging order. */
export interface NextSlot {
  version: number;
  texts: Map<CgWritableType, string>;
  updatedBy: number | null;
  updatedAt: string | null;
  lastTake: { version: number; userId: number | null; at: string } | null;
}

export const EMPTY_SLOT: NextSlot = { version: 0, texts: new Map(), updatedBy: null, updatedAt: null, lastTake: null };

/** SQL of NEXT (one row per station, `cg_next`). */
export class CgNextRepo extends Repo {
  async find(companyId: number): Promise<NextSlot> {
    const { cgNext } = this.t;
    const row = first(await this.db.select().from(cgNext).where(eq(cgNext.companyId, companyId)));
    return row ? slotOf(row) : { ...EMPTY_SLOT, texts: new Map() };
  }

  async save(companyId: number, slot: NextSlot): Promise<void> {
    const { cgNext } = this.t;
    const row = {
      companyId,
      version: slot.version,
      texts: JSON.stringify([...slot.texts]),
      updatedBy: slot.updatedBy,
      updatedAt: slot.updatedAt,
      lastTakeVersion: slot.lastTake?.version ?? null,
      lastTakeUserId: slot.lastTake?.userId ?? null,
      lastTakeAt: slot.lastTake?.at ?? null,
    };
    const { companyId: _key, ...set } = row;
    await this.db.insert(cgNext).values(row).onConflictDoUpdate({ target: cgNext.companyId, set });
  }

  /** Every station's NEXT emptied (a server starting alone on its store: docs/decisions.md). */
  async emptyAll(): Promise<number[]> {
    const { cgNext } = this.t;
    const rows = await this.db.select({ companyId: cgNext.companyId, texts: cgNext.texts }).from(cgNext);
    const full = rows.filter((r) => r.texts !== '[]').map((r) => r.companyId);
    for (const companyId of full) {
      const slot = await this.find(companyId);
      await this.save(companyId, { ...slot, version: slot.version + 1, texts: new Map() });
    }
    return full;
  }
}

function slotOf(row: CgNextRow): NextSlot {
  return {
    version: row.version,
    texts: new Map(JSON.parse(row.texts) as Array<[CgWritableType, string]>),
    updatedBy: row.updatedBy,
    updatedAt: row.updatedAt,
    lastTake:
      row.lastTakeVersion !== null && row.lastTakeAt !== null
        ? { version: row.lastTakeVersion, userId: row.lastTakeUserId, at: row.lastTakeAt }
        : null,
  };
}
