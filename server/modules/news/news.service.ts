import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { NEWS_UNPAGED_MAX } from '../../../shared/constants';
import type {
  createNewsSchema,
  News,
  NewsListStatus,
  NewsPage,
  updateNewsSchema,
} from '../../../shared/contracts/news';
import { can } from '../../../shared/roles';
import type { AppContext } from '../../context';
import type { NewsRow } from '../../db/schema';
import { type Q, tablesOf } from '../../db/store';
import type { Actor } from '../../lib/auth';
import { conflict, forbidden, notFound } from '../../lib/errors';
import type { SlicedList } from '../../lib/response-cache';
import { yieldToAir } from '../../lib/time-slices';
import type { ActivityLogsService } from '../activity-logs/activity-logs.service';
import { StationCalendar } from '../settings/settings-station-calendar';
import { NewsRepo, type NewsPatch } from './news.repo';
import { applyChange, type ChangeOptions, type ChangePlan } from './news-change';
import { NewsCounts } from './news-counts';
import { recordRevision, type RevisionKind } from './news-revision-record';
import { presentNews } from './news.presenter';

export type { ChangeOptions, ChangePlan } from './news-change';

type CreateNews = z.output<typeof createNewsSchema>;
type UpdateNews = z.output<typeof updateNewsSchema>;

/** Issue 39 point 2: the 403 of an approval of one's own story while a second person approves. */
export const SELF_APPROVAL_REFUSED =
  'A second person approves at this station: you wrote this story, so another editor must approve it';

/** Stories per slice of the unpaged list: ~3 ms of query and JSON each. */
const LIST_SLICE = 100;
const isBreaking = (priority: string) => priority === 'breaking' || priority === 'urgent';
/** The status an article must have for each workflow step. */
const WORKFLOW_FROM = { approved: 'draft', published: 'approved' } as const;

/**
 * News articles and their workflow: draft → approved → published; delete moves to the bin.
 * A step's checks (live, its status, who may) run inside its write, where a read (`requireLive`,
 * `get`) joins that write: nothing can change between the check and the update (db/store.ts).
 */
export class NewsService {
  private readonly counts: NewsCounts;

  constructor(
    private readonly ctx: AppContext,
    private readonly activity: ActivityLogsService,
  ) {
    this.counts = new NewsCounts(ctx.store, ctx.bus);
  }

  /** The company's live stories (of one status), cached until its next news event. */
  count(companyId: number, status?: NewsListStatus): Promise<number> {
    return this.counts.count(companyId, status);
  }

  async list(actor: Actor, status?: NewsListStatus): Promise<News[]> {
    const rows = await this.ctx.store.read((q) =>
      new NewsRepo(q).list(actor.companyId, { status, limit: NEWS_UNPAGED_MAX, offset: 0 }),
    );
    return rows.map(presentNews);
  }

  /**
   * `list` a slice at a time (lib/response-cache.ts): the ids in one read, then 100 stories per
   * read, the loop handed back between them air first. Built whole, 1 000 stories held the loop
   * ~30 ms, and every newsroom browser asks for them again after each news event.
   */
  listInSlices(actor: Actor, status?: NewsListStatus): SlicedList {
    const read = <T>(fn: (repo: NewsRepo) => Promise<T>) => this.ctx.store.read((q) => fn(new NewsRepo(q)));
    return {
      slices: async () => {
        const ids = await read((repo) => repo.listIds(actor.companyId, { status, limit: NEWS_UNPAGED_MAX, offset: 0 }));
        const slices: Array<() => Promise<News[]>> = [];
        for (let at = 0; at < ids.length; at += LIST_SLICE) {
          const slice = ids.slice(at, at + LIST_SLICE);
          slices.push(async () => (await read((repo) => repo.withNames(slice))).map(presentNews));
        }
        return slices;
      },
      pause: () => yieldToAir(this.ctx.onAir),
    };
  }

  async page(actor: Actor, opts: { status?: NewsListStatus; page: number; limit: number }): Promise<NewsPage> {
    const rows = await this.ctx.store.read((q) =>
      new NewsRepo(q).list(actor.companyId, {
        status: opts.status,
        limit: opts.limit,
        offset: (opts.page - 1) * opts.limit,
      }),
    );
    const total = await this.count(actor.companyId, opts.status);
    return { items: rows.map(presentNews), total, page: opts.page, limit: opts.limit };
  }

  async get(actor: Actor, id: number): Promise<News> {
    const found = await this.ctx.store.read((q) => new NewsRepo(q).findWithNames(actor.companyId, id));
    if (!found || found.row.isDeleted) throw notFound('News article');
    return presentNews(found);
  }

  async create(actor: Actor, input: CreateNews): Promise<News> {
    const now = this.now();
    const dto = await this.ctx.store.write(actor.companyId, async (tx) => {
      const created = await new NewsRepo(tx).insert({
        companyId: actor.companyId,
        title: input.title,
        subtitle: input.subtitle,
        content: input.content,
        category: input.category,
        priority: input.priority,
        status: 'draft',
        createdBy: actor.userId,
        createdAt: now,
        updatedAt: now,
      });
      const revisionId = await recordRevision(tx, actor, created, { action: 'created' });
      await this.activity.record(actor, 'news_created', `Created news "${created.title}"`, tx, {
        newsId: created.id,
        revisionId,
      });
      return this.get(actor, created.id);
    });
    this.ctx.bus.publish(actor.companyId, 'news_created', dto);
    if (isBreaking(dto.priority)) this.ctx.bus.publish(actor.companyId, 'breaking_news', dto);
    return dto;
  }

  /** Managers edit any unpublished article; writers edit only their own drafts. */
  async update(
    actor: Actor,
    id: number,
    input: UpdateNews,
    revision: RevisionKind = { action: 'updated' },
    details?: string,
  ): Promise<News> {
    const { dto, plan } = await this.changeWith(actor, id, async () => {
      const current = await this.requireEditable(actor, id);
      const { title, subtitle, content, category, priority } = input;
      const patch: NewsPatch = {
        title,
        subtitle,
        content,
        category,
        priority,
        updatedAt: this.now(),
        updatedBy: actor.userId,
      };
      // The form may send fields it did not change; undefined means "leave as is".
      for (const key of Object.keys(patch) as Array<keyof NewsPatch>) if (patch[key] === undefined) delete patch[key];
      const text = details ?? `Updated news "${patch.title ?? current.title}"`;
      return { patch, action: 'news_updated', details: text, version: input.version, revision, current };
    });
    if (input.priority && isBreaking(input.priority) && !isBreaking(plan.current.priority)) {
      this.ctx.bus.publish(actor.companyId, 'breaking_news', dto);
    }
    return dto;
  }

  approve(actor: Actor, id: number): Promise<News> {
    // Approved again: the story is no longer "sent back" (the activity log keeps the reason).
    const cleared = { returnReason: null, returnKind: null, returnedBy: null, returnedByName: null, returnedAt: null };
    // Issue 39: with "a second person approves" on, nobody approves a story they wrote (owners
    // included). Read in the write's transaction: a setting switched on a moment ago counts.
    const check = async (tx: Q, row: NewsRow) => {
      if (row.createdBy === actor.userId && (await new StationCalendar(tx).secondApprover(actor.companyId)))
        throw forbidden(SELF_APPROVAL_REFUSED);
    };
    return this.advance(
      actor,
      id,
      'approved',
      (now) => ({ approvedBy: actor.userId, approvedAt: now, ...cleared }),
      check,
    );
  }

  /** Whether this station wants a second person to approve each story (GET /api/news/approval-rule). */
  async approvalRule(actor: Actor): Promise<{ secondApprover: boolean }> {
    return { secondApprover: await this.ctx.store.read((q) => new StationCalendar(q).secondApprover(actor.companyId)) };
  }

  /**
   * Issue 39: a draft is submitted for approval — by its writer, or by an editor for them. The
   * approvers' bells list submitted drafts (news_updated refreshes them); a send-back clears it.
   */
  async submit(actor: Actor, id: number): Promise<News> {
    const check = (_tx: Q, row: NewsRow) => {
      if (row.status !== 'draft')
        throw conflict(`Only draft articles can be submitted for approval (this one is ${row.status})`);
      if (row.submittedAt)
        throw conflict(
          `This story was already submitted for approval${row.submittedByName ? ` by ${row.submittedByName}` : ''}`,
        );
      return Promise.resolve();
    };
    const changed = await this.changeWith(actor, id, async () => {
      const current = await this.requireLive(actor, id);
      const mine = current.createdBy === actor.userId && can(actor, 'news.create');
      if (!mine && !can(actor, 'news.manage')) throw forbidden('You may submit only your own draft articles');
      const now = this.now();
      const patch: NewsPatch = {
        submittedAt: now,
        submittedBy: actor.userId,
        submittedByName: actor.fullName,
        updatedAt: now,
        updatedBy: actor.userId,
      };
      return { patch, action: 'news_submitted', details: `Submitted news "${current.title}" for approval`, check };
    });
    return changed.dto;
  }

  publish(actor: Actor, id: number): Promise<News> {
    return this.advance(actor, id, 'published', (now) => ({ publishedBy: actor.userId, publishedAt: now }));
  }

  /** One step of the workflow (draft → approved → published), stamping who did it and when. */
  private async advance(
    actor: Actor,
    id: number,
    to: 'approved' | 'published',
    stamp: (now: string) => NewsPatch,
    check?: ChangeOptions['check'],
  ): Promise<News> {
    const from = WORKFLOW_FROM[to];
    const changed = await this.changeWith(actor, id, async () => {
      const current = await this.requireLive(actor, id);
      if (current.status !== from) {
        throw conflict(`Only ${from} articles can be ${to} (this one is ${current.status})`);
      }
      const now = this.now();
      const verb = to === 'approved' ? 'Approved' : 'Published';
      const patch: NewsPatch = { status: to, updatedAt: now, updatedBy: actor.userId, ...stamp(now) };
      return { patch, action: `news_${to}`, details: `${verb} news "${current.title}"`, fromStatus: from, check };
    });
    return changed.dto;
  }

  /** Soft delete into the recycle bin; purged for good after the station's retention period. */
  async remove(actor: Actor, id: number): Promise<void> {
    const now = this.ctx.clock.now();
    const updated = await this.ctx.store.write(actor.companyId, async (tx) => {
      const current = await this.requireLive(actor, id);
      const { news } = tablesOf(tx);
      // The station's recycle-bin time (issue 39; the spec's 2 hours unless set longer).
      const keepMs = await new StationCalendar(tx).recycleBinMs(actor.companyId);
      const row = await new NewsRepo(tx).update(
        actor.companyId,
        id,
        {
          isDeleted: true,
          deletedBy: actor.userId,
          deletedAt: now.toISOString(),
          scheduledForDeletion: new Date(now.getTime() + keepMs).toISOString(),
          updatedAt: now.toISOString(),
          updatedBy: actor.userId,
        },
        eq(news.isDeleted, false),
      );
      if (row) await this.activity.record(actor, 'news_deleted', `Deleted news "${current.title}"`, tx);
      return row;
    });
    if (!updated) throw notFound('News article');
    this.ctx.bus.publish(actor.companyId, 'news_deleted', { id, permanent: false });
  }

  /**
   * The story, if this actor may edit it now: managers any unpublished one, writers their own
   * drafts. Inside a write it reads that write's rows (store.read joins it).
   */
  async requireEditable(actor: Actor, id: number): Promise<NewsRow> {
    const current = await this.requireLive(actor, id);
    if (current.status === 'published') throw conflict('A published article can no longer be edited');
    const mine = current.createdBy === actor.userId && current.status === 'draft';
    if (!can(actor, 'news.manage') && !(mine && can(actor, 'news.create'))) {
      throw forbidden('You may edit only your own draft articles');
    }
    return current;
  }

  /** The company's story, not in the bin, or 404; inside a write it reads that write's rows. */
  async requireLive(actor: Actor, id: number): Promise<NewsRow> {
    const row = await this.ctx.store.read((q) => new NewsRepo(q).find(actor.companyId, id));
    if (!row || row.isDeleted) throw notFound('News article');
    return row;
  }

  /**
   * Applies a patch only if the article is still live (and still in `fromStatus`, and still at the
   * `version` the save started from), logs it in the same transaction, then announces it. A lost
   * race answers 409 instead of double-approving; a stale version answers 409 with the current
   * article and who changed it (issue 26), never overwriting their change.
   */
  async change(
    actor: Actor,
    id: number,
    patch: NewsPatch,
    action: string,
    details: string,
    opts: ChangeOptions = {},
  ): Promise<News> {
    return (await this.changeWith(actor, id, () => Promise.resolve({ ...opts, patch, action, details }))).dto;
  }

  /**
   * `change`, its plan made first in the same write: the caller's checks on the story (live, its
   * status, who may) and the patch and log line built from it hold until the commit. Announces
   * `news_updated` after the commit; returns the story as committed and the plan (for what the
   * caller announces next). Used by the workflow steps and the send-back (news-send-back.ts).
   */
  async changeWith<P extends ChangePlan>(
    actor: Actor,
    id: number,
    plan: () => Promise<P>,
  ): Promise<{ dto: News; plan: P }> {
    const done = await this.ctx.store.write(actor.companyId, async (tx) => {
      const made = await plan();
      const deps = { activity: this.activity, now: () => this.ctx.clock.now() };
      return { dto: await applyChange(tx, deps, actor, id, made), plan: made };
    });
    if (!done.dto) throw conflict('The article was changed by someone else; reload and try again');
    this.ctx.bus.publish(actor.companyId, 'news_updated', done.dto);
    return { dto: done.dto, plan: done.plan };
  }

  private now(): string {
    return this.ctx.clock.now().toISOString();
  }
}
