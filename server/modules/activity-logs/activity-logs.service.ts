import type { ActivityLog, RevisionLink } from '../../../shared/contracts/activity-logs';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../lib/auth';
import { ActivityLogsRepo } from './activity-logs.repo';

export interface ActivityPage {
  items: ActivityLog[];
  total: number;
  page: number;
  limit: number;
}

/** Writes and reads the per-company activity history. */
export class ActivityLogsService {
  constructor(private readonly ctx: AppContext) {}

  /**
   * Records an action; pass the transaction so the entry commits with the change it describes.
   * A null userId is the system itself (e.g. start-up adoption of a CG file); the list shows no user.
   */
  record(
    actor: { userId: number | null; companyId: number },
    action: string,
    details: string,
    db: DbOrTx = this.ctx.db,
    revision?: RevisionLink,
  ): void {
    new ActivityLogsRepo(db).insert({
      companyId: actor.companyId,
      userId: actor.userId,
      action,
      details,
      newsId: revision?.newsId ?? null,
      newsRevisionId: revision?.revisionId ?? null,
      createdAt: this.ctx.clock.now().toISOString(),
    });
  }

  list(actor: Actor, page: number, limit: number): ActivityPage {
    const repo = new ActivityLogsRepo(this.ctx.db);
    const rows = repo.list(actor.companyId, limit, (page - 1) * limit);
    const items = rows.map(({ log, username }) => ({
      id: log.id,
      userId: log.userId,
      username: username?.replace(/#deleted-\d+$/, '') ?? null,
      action: log.action,
      details: log.details,
      companyId: log.companyId,
      createdAt: log.createdAt,
      timestamp: log.createdAt,
      revision:
        log.newsId !== null && log.newsRevisionId !== null
          ? { newsId: log.newsId, revisionId: log.newsRevisionId }
          : null,
    }));
    return { items, total: repo.count(actor.companyId), page, limit };
  }
}
