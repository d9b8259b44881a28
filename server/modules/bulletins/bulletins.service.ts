import { eq } from 'drizzle-orm';
import type { Bulletin, BulletinItemInput, CreateBulletin, UpdateBulletin } from '../../../shared/contracts/bulletins';
import { tablesOf } from '../../db/store';
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
  constructor(
    private readonly ctx: AppContext,
    private readonly activity: ActivityLogsService,
  ) {
    // A bulletin shows its articles' current titles: re-announce the bulletins that use a changed
    // or binned article (a purge nulls newsId first; clients also invalidate on news events).
    ctx.bus.subscribeLocal(({ type, companyId, data }) => {
      if (type !== 'news_updated' && type !== 'news_deleted') return;
      const newsId = (data as { id: number }).id;
      this.reannounce(companyId, newsId).catch((err: unknown) =>
        ctx.logger.error('bulletins of a changed article not re-announced', { err }),
      );
    });
  }

  private async reannounce(companyId: number, newsId: number): Promise<void> {
    const dtos = await this.ctx.store.read(async (q) => {
      const repo = new BulletinsRepo(q);
      const found: Bulletin[] = [];
      for (const id of await repo.usingNews(companyId, newsId)) {
        const dto = await this.find(repo, companyId, id);
        if (dto) found.push(dto);
      }
      return found;
    });
    for (const dto of dtos) this.ctx.bus.publish(companyId, 'bulletin_updated', dto);
  }

  /** Newest first; items in running order, removed articles included and flagged. */
  list(actor: Pick<Actor, 'companyId'>): Promise<Bulletin[]> {
    return this.ctx.store.read(async (q) => {
      const repo = new BulletinsRepo(q);
      const rows = await repo.list(actor.companyId);
      const items = await repo.itemsOf(
        actor.companyId,
        rows.map((r) => r.row.id),
      );
      return rows.map((r) =>
        presentBulletin(
          r,
          items.filter((i) => i.item.bulletinId === r.row.id),
        ),
      );
    });
  }

  /** Inside a write it reads that write's rows (store.read joins it). */
  async get(actor: Pick<Actor, 'companyId'>, id: number): Promise<Bulletin> {
    const dto = await this.ctx.store.read((q) => this.find(new BulletinsRepo(q), actor.companyId, id));
    if (!dto) throw notFound('Bulletin');
    return dto;
  }

  private async find(repo: BulletinsRepo, companyId: number, id: number): Promise<Bulletin | undefined> {
    const [row] = await repo.list(companyId, id);
    return row ? presentBulletin(row, await repo.itemsOf(companyId, [id])) : undefined;
  }

  async create(actor: Who, input: CreateBulletin): Promise<Bulletin> {
    const at = this.now();
    const dto = await this.ctx.store.write(actor.companyId, async (tx) => {
      const repo = new BulletinsRepo(tx);
      const items = await this.checkedItems(repo, actor.companyId, input.bulletinItems);
      const row = await repo.insert({
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
      await repo.replaceItems(row.id, items(row.id));
      await this.activity.record(actor, 'bulletin_created', `Created bulletin "${row.title}"`, tx);
      return this.get(actor, row.id);
    });
    this.ctx.bus.publish(actor.companyId, 'bulletin_created', dto);
    return dto;
  }

  /**
   * The whole form again; the item list is replaced in one transaction. Status is kept. A save
   * from a stale version (another producer saved or reordered first) is a 409 with the bulletin
   * as it is now; the check is the UPDATE's own WHERE, so it holds under any concurrency.
   */
  async update(actor: Who, id: number, input: UpdateBulletin): Promise<Bulletin> {
    const dto = await this.ctx.store.write(actor.companyId, async (tx) => {
      const repo = new BulletinsRepo(tx);
      const stored = await repo.find(actor.companyId, id);
      if (!stored) throw notFound('Bulletin');
      if (isStale(input.version, stored))
        throw await versionConflict(
          tx,
          'bulletin',
          await this.find(repo, actor.companyId, id),
          stored,
          this.ctx.clock.now(),
        );
      const items = await this.checkedItems(repo, actor.companyId, input.bulletinItems);
      const { bulletins } = tablesOf(tx);
      const row = await repo.update(
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
      await repo.replaceItems(id, items(id));
      await this.activity.record(actor, 'bulletin_updated', `Updated bulletin "${row.title}"`, tx);
      return this.get(actor, id);
    });
    this.ctx.bus.publish(actor.companyId, 'bulletin_updated', dto);
    return dto;
  }

  async remove(actor: Who, id: number): Promise<void> {
    await this.ctx.store.write(actor.companyId, async (tx) => {
      const row = await new BulletinsRepo(tx).delete(actor.companyId, id);
      if (!row) throw notFound('Bulletin');
      await this.activity.record(actor, 'bulletin_deleted', `Deleted bulletin "${row.title}"`, tx);
    });
    this.ctx.bus.publish(actor.companyId, 'bulletin_deleted', { id });
  }

  /**
   * News items must name live articles of the actor's company. Another company's article reads
   * exactly like a missing one, so the answer reveals nothing. sortOrder is dense from 0.
   */
  private async checkedItems(repo: BulletinsRepo, companyId: number, input: CreateBulletin['bulletinItems']) {
    const wanted = [...new Set(input.filter((i) => i.type === 'news').map((i) => i.newsId!))];
    const live = await repo.liveNewsIds(companyId, wanted);
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
