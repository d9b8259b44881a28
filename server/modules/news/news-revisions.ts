import type { News, NewsRevision } from '../../../shared/contracts/news';
import type { AppContext } from '../../context';
import type { NewsRevisionRow } from '../../db/schema';
import type { Actor } from '../../lib/auth';
import { notFound } from '../../lib/errors';
import type { NewsService } from './news.service';
import { NewsRevisionsRepo } from './news-revisions.repo';

/** A story's revision history (issue 26): every saved text, viewable, restorable as a new version. */
export class NewsRevisions {
  constructor(
    private readonly ctx: AppContext,
    private readonly news: NewsService,
  ) {}

  async requireEditable(actor: Actor, newsId: number): Promise<void> {
    await this.news.requireEditable(actor, newsId);
  }

  /** Newest first; the story must be the company's own and not in the recycle bin. */
  async list(actor: Actor, newsId: number): Promise<NewsRevision[]> {
    await this.news.requireLive(actor, newsId);
    const rows = await this.ctx.store.read((q) => new NewsRevisionsRepo(q).list(actor.companyId, newsId));
    return rows.map(presentRevision);
  }

  /**
   * Brings an old text back as a NEW version (the history only grows), through the story's own
   * edit rules: who may edit it, not once published, and the version the restore started from
   * (checked again inside its write: a revision, once kept, never changes).
   */
  async restore(actor: Actor, newsId: number, revisionId: number, version: number | undefined): Promise<News> {
    await this.news.requireLive(actor, newsId);
    const old = await this.ctx.store.read((q) => new NewsRevisionsRepo(q).find(actor.companyId, newsId, revisionId));
    if (!old) throw notFound('Revision');
    const { title, subtitle, content, category } = old;
    const priority = presentRevision(old).priority;
    const details = `Restored news "${title}" to the text saved ${old.savedAt}${old.savedByName ? ` by ${old.savedByName}` : ''}`;
    return this.news.update(
      actor,
      newsId,
      { title, subtitle, content, category, priority, version },
      { action: 'restored', from: old.id },
      details,
    );
  }
}

function presentRevision(row: NewsRevisionRow): NewsRevision {
  return {
    id: row.id,
    newsId: row.newsId,
    version: row.version,
    action: row.action as NewsRevision['action'],
    restoredFrom: row.restoredFrom,
    title: row.title,
    subtitle: row.subtitle,
    content: row.content,
    category: row.category,
    priority: row.priority as NewsRevision['priority'],
    savedBy: row.savedBy,
    savedByName: row.savedByName,
    savedAt: row.savedAt,
  };
}
