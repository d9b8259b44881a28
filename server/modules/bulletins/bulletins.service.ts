import type { z } from 'zod';
import type { Bulletin, bulletinItemInputSchema } from '../../../shared/contracts/bulletins';
import type { AppContext } from '../../context';
import type { Actor } from '../../lib/auth';
import { BulletinsRepo } from './bulletins.repo';

type ItemInput = z.output<typeof bulletinItemInputSchema>;

export interface NewBulletin {
  title: string;
  broadcastTime: string;
  scheduledTime: string;
  duration?: number;
  items: ItemInput[];
}

/** Bulletins as read by the CG preview's live bulletin mode (editing comes with its own screen). */
export class BulletinsService {
  private readonly repo: BulletinsRepo;

  constructor(private readonly ctx: AppContext) {
    this.repo = new BulletinsRepo(ctx.db);
  }

  /** Newest first; items in running order. Items whose article was deleted are left out. */
  list(actor: Pick<Actor, 'companyId'>): Bulletin[] {
    const rows = this.repo.list(actor.companyId);
    const items = this.repo.itemsOf(rows.map((r) => r.row.id));
    return rows.map(({ row, createdByName, updatedByName }) => {
      const own = items.filter((i) => i.item.bulletinId === row.id && !(i.item.type === 'news' && (!i.newsTitle || i.newsDeleted)));
      return {
        id: row.id,
        title: row.title,
        titleDhivehi: row.titleDhivehi,
        content: row.content,
        contentDhivehi: row.contentDhivehi,
        scheduledTime: row.scheduledTime,
        broadcastTime: row.broadcastTime,
        duration: row.duration,
        status: row.status as Bulletin['status'],
        priority: row.priority,
        category: row.category,
        isLive: row.isLive,
        companyId: row.companyId,
        bulletinItems: own.map(({ item, newsTitle, newsSubtitle, newsStatus, newsCategory }) => ({
          id: item.id,
          type: item.type as Bulletin['bulletinItems'][number]['type'],
          sortOrder: item.sortOrder,
          newsId: item.newsId,
          newsTitle,
          newsSubtitle,
          newsStatus,
          newsCategory,
          breakType: item.breakType,
        })),
        newsItems: own.filter((i) => i.item.newsId !== null).map((i) => ({ newsId: i.item.newsId!, sortOrder: i.item.sortOrder })),
        createdAt: row.createdAt,
        updatedAt: row.updatedAt,
        createdByName,
        updatedByName,
      };
    });
  }

  /** Creates a draft bulletin with its items (used by tests now, by the bulletins screen later). */
  create(actor: Pick<Actor, 'companyId' | 'userId'>, input: NewBulletin): number {
    const at = this.ctx.clock.now().toISOString();
    return this.ctx.db.transaction((tx) => {
      const repo = new BulletinsRepo(tx);
      const row = repo.insert({
        companyId: actor.companyId,
        title: input.title,
        content: `Bulletin for ${input.broadcastTime}`,
        broadcastTime: input.broadcastTime,
        scheduledTime: input.scheduledTime,
        duration: input.duration ?? 30,
        createdBy: actor.userId,
        updatedBy: actor.userId,
        createdAt: at,
        updatedAt: at,
      });
      repo.insertItems(
        input.items.map((item, i) => ({
          bulletinId: row.id,
          type: item.type,
          sortOrder: i,
          newsId: item.newsId ?? null,
          breakType: item.breakType ?? null,
        })),
      );
      return row.id;
    });
  }
}
