import { and, eq, inArray, isNull } from 'drizzle-orm';
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

/** One socket's hold on one record, as the store keeps it (db/schema/editing-presence.ts). */
export interface EditingHold {
  holder: string;
  companyId: number;
  kind: EditingKind;
  recordId: number;
  userId: number;
  fullName: string;
  since: string;
}

/** Every hold on one record, on every server of the store. */
export async function holdsOf(q: Q, companyId: number, kind: EditingKind, recordId: number): Promise<EditingHold[]> {
  const { editingPresence: p } = tablesOf(q);
  return (await q
    .select()
    .from(p)
    .where(and(eq(p.companyId, companyId), eq(p.kind, kind), eq(p.recordId, recordId)))) as EditingHold[];
}

/** Every hold of every station: the servers' mirror at start and after a gap. */
export async function allHolds(q: Q): Promise<EditingHold[]> {
  const { editingPresence: p } = tablesOf(q);
  return (await q.select().from(p)) as EditingHold[];
}

export async function addHold(q: Q, hold: EditingHold): Promise<void> {
  const { editingPresence: p } = tablesOf(q);
  await q.insert(p).values(hold).onConflictDoNothing();
}

/** Removes a socket's hold on one record, or (no record) all of its holds; returns what it held. */
export async function removeHolds(
  q: Q,
  holder: string,
  record?: { kind: EditingKind; recordId: number },
): Promise<EditingHold[]> {
  const { editingPresence: p } = tablesOf(q);
  const which = record
    ? and(eq(p.holder, holder), eq(p.kind, record.kind), eq(p.recordId, record.recordId))
    : eq(p.holder, holder);
  return (await q.delete(p).where(which).returning()) as EditingHold[];
}

/** The server part of a holder ("<server id> <socket id>"). */
export const serverOfHolder = (holder: string) => holder.slice(0, holder.indexOf(' '));

/** Removes the holds of servers that are gone (not in `living`); returns them. */
export async function removeGoneServers(q: Q, living: readonly string[]): Promise<EditingHold[]> {
  const { editingPresence: p } = tablesOf(q);
  const holders = (await q.selectDistinct({ holder: p.holder }).from(p)).map((r) => r.holder);
  const gone = holders.filter((h) => !living.includes(serverOfHolder(h)));
  if (gone.length === 0) return [];
  return (await q.delete(p).where(inArray(p.holder, gone)).returning()) as EditingHold[];
}
