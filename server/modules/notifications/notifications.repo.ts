import { and, eq, gt, inArray, isNotNull, isNull, lte, ne, or } from 'drizzle-orm';
import { countAll, first } from '../../db/dialect';
import { Repo } from '../../db/store';
import { NEWS_ON_AIR_STATUSES } from '../../../shared/news-on-air';
import {
  OVERDUE_STATUSES,
  type DeletedCandidate,
  type LoanCandidate,
  type NewsCandidate,
  type ReturnedCandidate,
  type SubmittedCandidate,
} from '../../../shared/notification-rules';

const BREAKING_PRIORITIES = ['breaking', 'urgent'];

/**
 * The bell's reads: each one company, each on an index (news by company/created, requests by
 * company/status), so a 60 s refetch from every open browser stays cheap.
 */
export class NotificationsRepo extends Repo {
  /** Breaking/urgent articles created after `sinceIso` (the 2 h window; the rules re-check it). */
  breakingNews(companyId: number, sinceIso: string): Promise<NewsCandidate[]> {
    const { news } = this.t;
    return this.db
      .select({ id: news.id, title: news.title, priority: news.priority, createdAt: news.createdAt })
      .from(news)
      .where(
        and(
          eq(news.companyId, companyId),
          eq(news.isDeleted, false),
          gt(news.createdAt, sinceIso),
          inArray(news.priority, BREAKING_PRIORITIES),
        ),
      );
  }

  /**
   * Approved or published stories in the recycle bin, not yet purged, deleted by someone other
   * than the viewer (issue 39: owners and admins are told; their own deletions they know of).
   */
  async deletedOnAirStories(companyId: number, viewerId: number, nowIso: string): Promise<DeletedCandidate[]> {
    const { news, users } = this.t;
    const rows = await this.db
      .select({
        id: news.id,
        title: news.title,
        status: news.status,
        byName: users.fullName,
        deletedAt: news.deletedAt,
        scheduledForDeletion: news.scheduledForDeletion,
      })
      .from(news)
      .leftJoin(users, eq(users.id, news.deletedBy))
      .where(
        and(
          eq(news.companyId, companyId),
          eq(news.isDeleted, true),
          inArray(news.status, [...NEWS_ON_AIR_STATUSES]),
          ne(news.deletedBy, viewerId),
          gt(news.scheduledForDeletion, nowIso),
        ),
      );
    return rows.map((r) => ({
      ...r,
      deletedAt: r.deletedAt ?? '',
      scheduledForDeletion: r.scheduledForDeletion ?? '',
    }));
  }

  /**
   * Drafts submitted for approval (issue 39) that the viewer did not write: nobody is asked to
   * approve their own story (with a second approver they may not; without, they need no asking).
   */
  async submittedStories(companyId: number, viewerId: number): Promise<SubmittedCandidate[]> {
    const { news } = this.t;
    const rows = await this.db
      .select({ id: news.id, title: news.title, byName: news.submittedByName, submittedAt: news.submittedAt })
      .from(news)
      .where(
        and(
          eq(news.companyId, companyId),
          eq(news.isDeleted, false),
          eq(news.status, 'draft'),
          isNotNull(news.submittedAt),
          or(isNull(news.createdBy), ne(news.createdBy, viewerId)),
        ),
      );
    return rows.map((r) => ({ ...r, submittedAt: r.submittedAt ?? '' }));
  }

  /** The writer's drafts an editor sent back and the writer has not edited since (news_returned_idx). */
  async returnedStories(companyId: number, writerId: number): Promise<ReturnedCandidate[]> {
    const { news } = this.t;
    const rows = await this.db
      .select({
        id: news.id,
        title: news.title,
        reason: news.returnReason,
        kind: news.returnKind,
        byName: news.returnedByName,
        at: news.returnedAt,
      })
      .from(news)
      .where(
        and(
          eq(news.companyId, companyId),
          eq(news.createdBy, writerId),
          isNotNull(news.returnedAt),
          eq(news.isDeleted, false),
          eq(news.status, 'draft'),
          lte(news.updatedAt, news.returnedAt),
        ),
      );
    return rows.map((r) => ({ ...r, reason: r.reason ?? '', kind: r.kind ?? 'rejected', at: r.at ?? '' }));
  }

  /** Loans with the unit out (dates may carry offsets, so the past-due test is the rules'). */
  activeLoans(companyId: number): Promise<LoanCandidate[]> {
    const { equipment, equipmentRequests, users } = this.t;
    return this.db
      .select({
        id: equipmentRequests.id,
        equipmentName: equipment.name,
        borrower: users.fullName,
        expectedReturnDate: equipmentRequests.expectedReturnDate,
        status: equipmentRequests.status,
      })
      .from(equipmentRequests)
      .innerJoin(equipment, eq(equipment.id, equipmentRequests.equipmentId))
      .leftJoin(users, eq(users.id, equipmentRequests.requestedBy))
      .where(and(eq(equipmentRequests.companyId, companyId), inArray(equipmentRequests.status, [...OVERDUE_STATUSES])));
  }

  async countRequests(companyId: number, status: string): Promise<number> {
    const { equipmentRequests } = this.t;
    const row = first(
      await this.db
        .select({ n: countAll() })
        .from(equipmentRequests)
        .where(and(eq(equipmentRequests.companyId, companyId), eq(equipmentRequests.status, status))),
    );
    return row?.n ?? 0;
  }
}
