import type { ActivityLog, RevisionLink } from '../../../shared/contracts/activity-logs';
import type { AppContext } from '../../context';
import type { Q } from '../../db/store';
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
   * Records an action; pass the write's `tx` so the entry commits with the change it describes
   * (without one it is a write of its own — refused inside another write, see db/store.ts).
   * A null userId is the system itself (e.g. start-up adoption of a CG file); the list shows no user.
   */
  async record(
    actor: { userId: number | null; companyId: number },
    action: string,
    details: string,
    tx?: Q,
    revision?: RevisionLink,
  ): Promise<void> {
    if (!tx) return this.ctx.store.write(actor.companyId, (own) => this.record(actor, action, details, own, revision));
    await new ActivityLogsRepo(tx).insert({
      companyId: actor.companyId,
      userId: actor.userId,
      action,
      details,
      newsId: revision?.newsId ?? null,
      newsRevisionId: revision?.revisionId ?? null,
      createdAt: this.ctx.clock.now().toISOString(),
    });
  }

  async list(actor: Actor, page: number, limit: number): Promise<ActivityPage> {
    const [rows, total] = await this.ctx.store.read(async (q) => {
      const repo = new ActivityLogsRepo(q);
      return [await repo.list(actor.companyId, limit, (page - 1) * limit), await repo.count(actor.companyId)] as const;
    });
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
    return { items, total, page, limit };
  }
}
