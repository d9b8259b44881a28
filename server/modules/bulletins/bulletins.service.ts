import { eq } from 'drizzle-orm';
import type { Bulletin, BulletinItemInput, CreateBulletin, UpdateBulletin } from '../../../shared/contracts/bulletins';
import { bulletins } from '../../db/schema';
import { isStale, versionConflict } from '../../lib/version-conflict';
import type { AppContext } from '../../context';
import type { Actor } from '../../lib/auth';
import { badRequest, notFound } from '../../lib/errors';
import type { ActivityLogsService } from '../activity-logs/activity-logs.service';
import { BulletinsRepo } from './bulletins.repo';
import { presentBulletin } from './bulletins.presenter';

type Who = Pick<Actor, 'companyId' | 'userId'>;

/** The test factory's input: the form's fields with items called `items`. */
export interface NewBulletin {
  title: string;
  broadcastTime: string;
  scheduledTime: string;
  duration?: number;
  items: Array<Pick<BulletinItemInput, 'type'> & Partial<BulletinItemInput>>;
}

/** Bulletins (docs/product.md §API): company-scoped, every change logged in its transaction and announced. */
export class BulletinsService {
  private readonly repo: BulletinsRepo;

  constructor(
    private readonly ctx: AppContext,
    private readonly activity: ActivityLogsService,
  ) {
    this.repo = new BulletinsRepo(ctx.db);
    // A bulletin shows its articles' current titles: re-announce the bulletins that use a changed
    // or binned article (a purge nulls newsId first; clients also invalidate on news events).
    ctx.bus.subscribe(({ type, companyId, data }) => {
      if (type !== 'news_updated' && type !== 'news_deleted') return;
      const newsId = (data as { id: number }).id;
      for (const id of this.repo.usingNews(companyId, newsId)) {
        const dto = this.find(companyId, id);
        if (dto) ctx.bus.publish(companyId, 'bulletin_updated', dto);
      }
    });
  }

  /** Newest first; items in running order, removed articles included and flagged. */
  list(actor: Pick<Actor, 'companyId'>): Bulletin[] {
    const rows = this.repo.list(actor.companyId);
    const items = this.repo.itemsOf(
      actor.companyId,
      rows.map((r) => r.row.id),
    );
    return rows.map((r) =>
      presentBulletin(
        r,
        items.filter((i) => i.item.bulletinId === r.row.id),
      ),
    );
  }

  get(actor: Pick<Actor, 'companyId'>, id: number): Bulletin {
    const dto = this.find(actor.companyId, id);
    if (!dto) throw notFound('Bulletin');
    return dto;
  }

  private find(companyId: number, id: number, repo = this.repo): Bulletin | undefined {
    const row = repo.list(companyId, id)[0];
    return row ? presentBulletin(row, repo.itemsOf(companyId, [id])) : undefined;
  }

  create(actor: Who, input: CreateBulletin): Bulletin {
    const at = this.now();
    const id = this.ctx.db.transaction((tx) => {
      const repo = new BulletinsRepo(tx);
      const items = this.checkedItems(repo, actor.companyId, input.bulletinItems);
      const row = repo.insert({
        companyId: actor.companyId,
        title: input.title,
        content: `Bulletin for ${input.broadcastTime}`,
        broadcastTime: input.broadcastTime,
        scheduledTime: input.scheduledTime,
        duration: input.duration,
        status: 'draft',
        createdBy: actor.userId,
        updatedBy: actor.userId,
        createdAt: at,
        updatedAt: at,
      });
      repo.replaceItems(row.id, items(row.id));
      this.activity.record(actor, 'bulletin_created', `Created bulletin "${row.title}"`, tx);
      return row.id;
    });
    const dto = this.get(actor, id);
    this.ctx.bus.publish(actor.companyId, 'bulletin_created', dto);
    return dto;
  }

  /**
   * The whole form again; the item list is replaced in one transaction. Status is kept. A save
   * from a stale version (another producer saved or reordered first) is a 409 with the bulletin
   * as it is now; the check is the UPDATE's own WHERE, so it holds under any concurrency.
   */
  update(actor: Who, id: number, input: UpdateBulletin): Bulletin {
    this.ctx.db.transaction((tx) => {
      const repo = new BulletinsRepo(tx);
      const stored = repo.find(actor.companyId, id);
      if (!stored) throw notFound('Bulletin');
      if (isStale(input.version, stored))
        throw versionConflict(tx, 'bulletin', this.find(actor.companyId, id, repo), stored, this.ctx.clock.now());
      const items = this.checkedItems(repo, actor.companyId, input.bulletinItems);
      const row = repo.update(
        actor.companyId,
        id,
        {
          title: input.title,
          content: `Bulletin for ${input.broadcastTime}`,
          broadcastTime: input.broadcastTime,
          scheduledTime: input.scheduledTime,
          duration: input.duration,
          updatedBy: actor.userId,
          updatedAt: this.now(),
        },
        input.version === undefined ? undefined : eq(bulletins.version, input.version),
      );
      if (!row) throw notFound('Bulletin');
      repo.replaceItems(id, items(id));
      this.activity.record(actor, 'bulletin_updated', `Updated bulletin "${row.title}"`, tx);
    });
    const dto = this.get(actor, id);
    this.ctx.bus.publish(actor.companyId, 'bulletin_updated', dto);
    return dto;
  }

  remove(actor: Who, id: number): void {
    this.ctx.db.transaction((tx) => {
      const row = new BulletinsRepo(tx).delete(actor.companyId, id);
      if (!row) throw notFound('Bulletin');
      this.activity.record(actor, 'bulletin_deleted', `Deleted bulletin "${row.title}"`, tx);
    });
    this.ctx.bus.publish(actor.companyId, 'bulletin_deleted', { id });
  }

  /**
   * News items must name live articles of the actor's company. Another company's article reads
   * exactly like a missing one, so the answer reveals nothing. sortOrder is dense from 0.
   */
  private checkedItems(repo: BulletinsRepo, companyId: number, input: CreateBulletin['bulletinItems']) {
    const wanted = [...new Set(input.filter((i) => i.type === 'news').map((i) => i.newsId!))];
    const live = repo.liveNewsIds(companyId, wanted);
    const missing = wanted.find((n) => !live.has(n));
    if (missing !== undefined) throw badRequest(`News article ${missing} was not found`);
    return (bulletinId: number) =>
      input.map((item, i) => ({
        bulletinId,
        type: item.type,
        sortOrder: i,
        newsId: item.type === 'news' ? item.newsId! : null,
        breakType: item.type === 'break' ? item.breakType! : null,
        durationSeconds: item.durationSeconds ?? null,
      }));
  }

  private now(): string {
    return this.ctx.clock.now().toISOString();
  }
}
