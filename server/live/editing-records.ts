import { and, eq, isNull } from 'drizzle-orm';
import type { EditingKind } from '../../shared/contracts/live';
import type { Db } from '../db/client';
import { bulletins } from '../db/schema/bulletins';
import { news } from '../db/schema/news';
import { prompters } from '../db/schema/prompters';

/** Whether a record a socket says it is editing is its company's own (and not in the recycle bin). */
export function editingRecordExists(db: Db, companyId: number, kind: EditingKind, id: number): boolean {
  switch (kind) {
    case 'news':
      return !!db
        .select({ id: news.id })
        .from(news)
        .where(and(eq(news.companyId, companyId), eq(news.id, id), isNull(news.deletedAt)))
        .get();
    case 'bulletin':
      return !!db
        .select({ id: bulletins.id })
        .from(bulletins)
        .where(and(eq(bulletins.companyId, companyId), eq(bulletins.id, id)))
        .get();
    case 'prompter':
      return !!db
        .select({ id: prompters.id })
        .from(prompters)
        .where(and(eq(prompters.companyId, companyId), eq(prompters.id, id)))
        .get();
  }
}
