import type { NewsRow } from '../../db/schema';
import type { Q } from '../../db/store';
import type { Actor } from '../../lib/auth';
import { NewsRevisionsRepo } from './news-revisions.repo';

/** What a revision records: a create, an edit, or a restore of an earlier revision. */
export type RevisionKind = { action: 'created' | 'updated' } | { action: 'restored'; from: number };

/** Keeps the story's text as saved now, in the save's transaction; returns the revision's id. */
export function recordRevision(
  tx: Q,
  actor: Pick<Actor, 'userId' | 'companyId' | 'fullName'>,
  row: NewsRow,
  kind: RevisionKind,
): Promise<number> {
  return new NewsRevisionsRepo(tx).insert({
    companyId: actor.companyId,
    newsId: row.id,
    version: row.version,
    action: kind.action,
    restoredFrom: kind.action === 'restored' ? kind.from : null,
    title: row.title,
    subtitle: row.subtitle,
    content: row.content,
    category: row.category,
    priority: row.priority,
    savedBy: actor.userId,
    savedByName: actor.fullName,
    savedAt: row.updatedAt,
  });
}
