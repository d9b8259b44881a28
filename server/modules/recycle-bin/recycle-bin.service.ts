import { eq } from 'drizzle-orm';
import type { DeletedNews, News } from '../../../shared/contracts/news';
import type { AppContext } from '../../context';
import { news } from '../../db/schema';
import type { Actor } from '../../lib/auth';
import { notFound } from '../../lib/errors';
import type { ActivityLogsService } from '../activity-logs/activity-logs.service';
import { NewsRepo } from '../news/news.repo';
import { presentDeletedNews } from '../news/news.presenter';
import type { NewsService } from '../news/news.service';

/** Deleted news: listed for 2 hours, restorable, then purged by the job or Manual Cleanup. */
export class RecycleBinService {
  private readonly repo: NewsRepo;

  constructor(
    private readonly ctx: AppContext,
    private readonly newsService: NewsService,
    private readonly activity: ActivityLogsService,
  ) {
    this.repo = new NewsRepo(ctx.db);
  }

  list(actor: Actor): DeletedNews[] {
    return this.repo.listDeleted(actor.companyId).map(presentDeletedNews);
  }

  restore(actor: Actor, id: number): News {
    const restored = this.ctx.db.transaction((tx) => {
      const row = new NewsRepo(tx).update(
        actor.companyId,
        id,
        {
          isDeleted: false,
          deletedBy: null,
          deletedAt: null,
          scheduledForDeletion: null,
          updatedAt: this.now(),
          updatedBy: actor.userId,
        },
        eq(news.isDeleted, true),
      );
      if (row) this.activity.record(actor, 'news_restored', `Restored news "${row.title}"`, tx);
      return row;
    });
    if (!restored) throw notFound('Deleted news article');
    const dto = this.newsService.get(actor, id);
    this.ctx.bus.publish(actor.companyId, 'news_updated', dto);
    return dto;
  }

  deleteForever(actor: Actor, id: number): void {
    const row = this.repo.find(actor.companyId, id);
    if (!row?.isDeleted) throw notFound('Deleted news article');
    this.ctx.db.transaction((tx) => {
      new NewsRepo(tx).deleteDeleted(actor.companyId, id);
      this.activity.record(actor, 'news_purged', `Permanently deleted news "${row.title}"`, tx);
    });
    this.ctx.bus.publish(actor.companyId, 'news_deleted', { id, permanent: true });
  }

  /** Manual Cleanup: purge this company's expired items now. */
  cleanup(actor: Actor): number {
    const purged = this.repo.purgeExpired(this.now(), actor.companyId);
    if (purged.length)
      this.activity.record(actor, 'news_purged', `Cleanup removed ${purged.length} expired news items`);
    purged.forEach(({ id }) => this.ctx.bus.publish(actor.companyId, 'news_deleted', { id, permanent: true }));
    return purged.length;
  }

  /** The job: purge expired items of every company. */
  purgeAllExpired(): number {
    const purged = this.repo.purgeExpired(this.now(), null);
    purged.forEach(({ id, companyId }) => this.ctx.bus.publish(companyId, 'news_deleted', { id, permanent: true }));
    return purged.length;
  }

  private now(): string {
    return this.ctx.clock.now().toISOString();
  }
}
