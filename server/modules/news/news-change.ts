import { and, eq } from 'drizzle-orm';
import type { News, NewsStatus } from '../../../shared/contracts/news';
import type { NewsRow } from '../../db/schema';
import { type Q, tablesOf } from '../../db/store';
import type { Actor } from '../../lib/auth';
import { isStale, versionConflict } from '../../lib/version-conflict';
import type { ActivityLogsService } from '../activity-logs/activity-logs.service';
import { NewsRepo, type NewsPatch } from './news.repo';
import { recordRevision, type RevisionKind } from './news-revision-record';
import { presentNews } from './news.presenter';

/** Options of NewsService.change: the status and version the write expects, and the revision it keeps. */
export interface ChangeOptions {
  fromStatus?: NewsStatus;
  version?: number;
  revision?: RevisionKind;
  /**
   * A rule read again inside the write's transaction (issue 39: the second-approver rule), on the
   * row as it is there; it throws to refuse. Nothing can change between this check and the write.
   */
  check?: (tx: Q, row: NewsRow) => Promise<void>;
}

/** What a change writes (NewsService.changeWith): decided inside its write, from the story as it is there. */
export interface ChangePlan extends ChangeOptions {
  patch: NewsPatch;
  action: string;
  details: string;
}

/**
 * The guarded update of NewsService.change, inside its write: applies the patch only if the
 * article is still live (and still in `fromStatus`, and still at the `version` the save started
 * from) and logs it in the same transaction. Returns the story as written, or undefined when the
 * guard refused it; a stale version throws 409 with the current article and who changed it.
 */
export async function applyChange(
  tx: Q,
  deps: { activity: ActivityLogsService; now: () => Date },
  actor: Actor,
  id: number,
  plan: ChangePlan,
): Promise<News | undefined> {
  const { patch, action, details, fromStatus, version, revision, check } = plan;
  const repo = new NewsRepo(tx);
  if (check) {
    const row = await repo.find(actor.companyId, id);
    if (row && !row.isDeleted && (!fromStatus || row.status === fromStatus)) await check(tx, row);
  }
  const { news } = tablesOf(tx);
  const guard = and(
    eq(news.isDeleted, false),
    fromStatus ? eq(news.status, fromStatus) : undefined,
    version === undefined ? undefined : eq(news.version, version),
  );
  const row = await repo.update(actor.companyId, id, patch, guard);
  if (row) {
    // A text change keeps its revision, committed with it; the log entry links to it.
    const revisionId = revision ? await recordRevision(tx, actor, row, revision) : undefined;
    await deps.activity.record(actor, action, details, tx, revisionId ? { newsId: id, revisionId } : undefined);
  }
  const current = await repo.findWithNames(actor.companyId, id);
  if (row) return current && presentNews(current);
  if (current && !current.row.isDeleted && isStale(version, current.row)) {
    throw await versionConflict(tx, 'story', presentNews(current), current.row, deps.now());
  }
  return undefined;
}
