import { eq } from 'drizzle-orm';
import type { DeletedNews, News } from '../../../shared/contracts/news';
import type { AppContext } from '../../context';
import { tablesOf } from '../../db/store';
import type { Actor } from '../../lib/auth';
import { notFound } from '../../lib/errors';
import type { ActivityLogsService } from '../activity-logs/activity-logs.service';
import { NewsRepo } from '../news/news.repo';
import { presentDeletedNews } from '../news/news.presenter';
import type { NewsService } from '../news/news.service';

/** Deleted news: listed for 2 hours, restorable, then purged by the job or Manual Cleanup. */
export class RecycleBinService {
  constructor(
    private readonly ctx: AppContext,
    private readonly newsService: NewsService,
    private readonly activity: ActivityLogsService,
  ) {}

  async list(actor: Actor): Promise<DeletedNews[]> {
    const rows = await this.ctx.store.read((q) => new NewsRepo(q).listDeleted(actor.companyId));
    return rows.map(presentDeletedNews);
  }

  async restore(actor: Actor, id: number): Promise<News> {
    const dto = await this.ctx.store.write(actor.companyId, async (tx) => {
      const row = await new NewsRepo(tx).update(
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
        eq(tablesOf(tx).news.isDeleted, true),
      );
      if (!row) return undefined;
      await this.activity.record(actor, 'news_restored', `Restored news "${row.title}"`, tx);
      // Read in this write (store.read joins it): the story as restored.
      return this.newsService.get(actor, id);
    });
    if (!dto) throw notFound('Deleted news article');
    this.ctx.bus.publish(actor.companyId, 'news_updated', dto);
    return dto;
  }

  async deleteForever(actor: Actor, id: number): Promise<void> {
    await this.ctx.store.write(actor.companyId, async (tx) => {
      const repo = new NewsRepo(tx);
      const row = await repo.find(actor.companyId, id);
      if (!row?.isDeleted) throw notFound('Deleted news article');
      await repo.deleteDeleted(actor.companyId, id);
      await this.activity.record(actor, 'news_purged', `Permanently deleted news "${row.title}"`, tx);
    });
    this.ctx.bus.publish(actor.companyId, 'news_deleted', { id, permanent: true });
  }

  /** Manual Cleanup: purge this company's expired items now. */
  async cleanup(actor: Actor): Promise<number> {
    const now = this.now();
    const purged = await this.ctx.store.write(actor.companyId, async (tx) => {
      const gone = await new NewsRepo(tx).purgeExpired(now, actor.companyId);
      if (gone.length)
        await this.activity.record(actor, 'news_purged', `Cleanup removed ${gone.length} expired news items`, tx);
      return gone;
    });
    purged.forEach(({ id }) => this.ctx.bus.publish(actor.companyId, 'news_deleted', { id, permanent: true }));
    return purged.length;
  }

  /**
   * The job: purge expired items of every company, each company's in a write of its own (its
   * rows, its writer: serialised with that station's restores and deletes on every engine).
   */
  async purgeAllExpired(): Promise<number> {
    const now = this.now();
    const companies = await this.ctx.store.read((q) => new NewsRepo(q).companiesWithExpired(now));
    let count = 0;
    for (const companyId of companies) {
      const purged = await this.ctx.store.write(companyId, (tx) => new NewsRepo(tx).purgeExpired(now, companyId));
      purged.forEach(({ id }) => this.ctx.bus.publish(companyId, 'news_deleted', { id, permanent: true }));
      count += purged.length;
    }
    return count;
  }

  private now(): string {
    return this.ctx.clock.now().toISOString();
  }
}
