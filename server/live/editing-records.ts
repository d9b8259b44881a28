import { and, eq, isNull } from 'drizzle-orm';
import type { EditingKind } from '../../shared/contracts/live';
import { first } from '../db/dialect';
import { type Q, tablesOf } from '../db/store';

/** Whether a record a socket says it is editing is its company's own (and not in the recycle bin). */
export async function editingRecordExists(q: Q, companyId: number, kind: EditingKind, id: number): Promise<boolean> {
  const { bulletins, news, prompters } = tablesOf(q);
  switch (kind) {
    case 'news':
      return !!first(
        await q
          .select({ id: news.id })
          .from(news)
          .where(and(eq(news.companyId, companyId), eq(news.id, id), isNull(news.deletedAt))),
      );
    case 'bulletin':
      return !!first(
        await q
          .select({ id: bulletins.id })
          .from(bulletins)
          .where(and(eq(bulletins.companyId, companyId), eq(bulletins.id, id))),
      );
    case 'prompter':
      return !!first(
        await q
          .select({ id: prompters.id })
          .from(prompters)
          .where(and(eq(prompters.companyId, companyId), eq(prompters.id, id))),
      );
  }
}
