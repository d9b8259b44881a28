import { and, eq, exists, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import { ON_AIR_BULLETIN_STATUSES } from '../../../shared/constants';
import type { News, NewsReturnKind, OnAirStoryConflict } from '../../../shared/contracts/news';
import type { AppContext } from '../../context';
import { tablesOf } from '../../db/store';
import type { Actor } from '../../lib/auth';
import { conflict, HttpError } from '../../lib/errors';
import type { NewsPatch } from './news.repo';
import type { NewsService } from './news.service';

/** The status a story must have to be sent back each way. */
const FROM = { rejected: 'draft', unapproved: 'approved' } as const;
const OPEN_SESSION_MAX_MS = 6 * 60 * 60 * 1000;
const VERB = { rejected: 'Sent back', unapproved: 'Took back' } as const;

/** 409 naming the bulletins on air; the route answers it with those fields (OnAirStoryConflict). */
export class OnAirStoryHttpError extends HttpError {
  constructor(readonly body: OnAirStoryConflict) {
    super(409, body.message);
  }
}

/**
 * An editor sends a story back to its writer with a reason (issue 26, as iNEWS / Inception do):
 * a draft is rejected, an approved story is taken back to draft before it airs. The writer is
 * told (bell, Telegram) through the `news_returned` event.
 */
export class NewsSendBack {
  constructor(
    private readonly ctx: AppContext,
    private readonly news: NewsService,
  ) {}

  /**
   * The story's status and the bulletins on air are checked inside the change's write: a story
   * approved, or a bulletin gone live, a moment ago counts.
   */
  async sendBack(
    actor: Actor,
    id: number,
    kind: NewsReturnKind,
    input: { reason: string; confirmOnAir?: boolean },
  ): Promise<News> {
    const from = FROM[kind];
    const { dto, plan } = await this.news.changeWith(actor, id, async () => {
      const current = await this.news.requireLive(actor, id);
      if (current.status !== from)
        throw conflict(
          `Only ${from} articles can be ${kind === 'rejected' ? 'sent back' : 'taken back'} (this one is ${current.status})`,
        );
      if (kind === 'unapproved' && !input.confirmOnAir) {
        const onAir = await this.onAirBulletins(actor.companyId, id);
        if (onAir.length) {
          const names = onAir.map((b) => `"${b.title}"`).join(', ');
          throw new OnAirStoryHttpError({
            message: `This story is in a bulletin on air: ${names}. Take it back anyway?`,
            onAirBulletins: onAir,
          });
        }
      }
      const now = this.ctx.clock.now().toISOString();
      const patch: NewsPatch = {
        status: 'draft',
        ...(kind === 'unapproved' ? { approvedBy: null, approvedAt: null } : {}),
        returnReason: input.reason,
        returnKind: kind,
        returnedBy: actor.userId,
        returnedByName: actor.fullName,
        returnedAt: now,
        // Issue 39: back with the writer, no longer waiting for approval (the bell drops it).
        submittedAt: null,
        submittedBy: null,
        submittedByName: null,
        updatedAt: now,
      };
      const details = `${VERB[kind]} news "${current.title}" to its writer: ${input.reason}`;
      return { patch, action: `news_${kind}`, details, fromStatus: from, writerId: current.createdBy };
    });
    this.ctx.bus.publish(actor.companyId, 'news_returned', {
      news: dto,
      writerId: plan.writerId,
      by: { userId: actor.userId, fullName: actor.fullName },
    });
    return dto;
  }

  /**
   * Bulletins of the company on air now that run this story: a live/breaking status, or a
   * prompter on the bulletin with a reading session open (started in the last 6 hours — a
   * browser that crashed mid-read never ends its session). Inside a write it reads that write's rows.
   */
  private onAirBulletins(companyId: number, newsId: number): Promise<OnAirStoryConflict['onAirBulletins']> {
    const since = new Date(this.ctx.clock.now().getTime() - OPEN_SESSION_MAX_MS).toISOString();
    return this.ctx.store.read((q) => {
      const { bulletinItems, bulletins, prompters, prompterSessions } = tablesOf(q);
      const beingRead = exists(
        q
          .select({ one: sql`1` })
          .from(prompterSessions)
          .innerJoin(prompters, eq(prompters.id, prompterSessions.prompterId))
          .where(
            and(
              eq(prompters.bulletinId, bulletins.id),
              isNull(prompterSessions.sessionEnd),
              gt(prompterSessions.sessionStart, since),
            ),
          ),
      );
      return q
        .selectDistinct({ id: bulletins.id, title: bulletins.title, status: bulletins.status })
        .from(bulletinItems)
        .innerJoin(bulletins, eq(bulletins.id, bulletinItems.bulletinId))
        .where(
          and(
            eq(bulletins.companyId, companyId),
            eq(bulletinItems.newsId, newsId),
            or(inArray(bulletins.status, [...ON_AIR_BULLETIN_STATUSES]), beingRead),
          ),
        );
    });
  }
}
