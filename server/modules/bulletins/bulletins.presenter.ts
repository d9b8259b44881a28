import { estimateNewsSeconds } from '../../../shared/bulletin-running-time';
import { BULLETIN_BREAK_DEFAULT_SECONDS, BULLETIN_HEADLINE_DEFAULT_SECONDS } from '../../../shared/constants';
import type { Bulletin, BulletinItem } from '../../../shared/contracts/bulletins';
import type { BulletinsRepo } from './bulletins.repo';

type ListRow = Awaited<ReturnType<BulletinsRepo['list']>>[number];
type ItemRow = Awaited<ReturnType<BulletinsRepo['itemsOf']>>[number];

function defaultSeconds(row: ItemRow, removed: boolean): number {
  if (row.item.type === 'break') return BULLETIN_BREAK_DEFAULT_SECONDS;
  if (row.item.type === 'headline') return BULLETIN_HEADLINE_DEFAULT_SECONDS;
  return removed ? 0 : estimateNewsSeconds(row.newsTitle, row.newsContent);
}

/**
 * One item as read. A news item whose article is gone (hard delete nulls newsId, soft delete
 * flags it, or it is not the company's) keeps its place but reads as removed: no title, no
 * status (so the CG preview never sends it) and 0 s unless a duration was entered.
 */
export function presentItem(row: ItemRow): BulletinItem {
  const { item } = row;
  const removed = item.type === 'news' && (item.newsId === null || row.newsTitle === null || row.newsDeleted === true);
  const entered = item.durationSeconds;
  return {
    id: item.id,
    type: item.type as BulletinItem['type'],
    sortOrder: item.sortOrder,
    newsId: item.newsId,
    newsTitle: removed ? null : row.newsTitle,
    newsSubtitle: removed ? null : row.newsSubtitle,
    newsStatus: removed ? null : row.newsStatus,
    newsCategory: removed ? null : row.newsCategory,
    breakType: item.breakType,
    articleRemoved: removed,
    durationSeconds: entered ?? defaultSeconds(row, removed),
    durationEstimated: entered === null,
  };
}

export function presentBulletin({ row, createdByName, updatedByName }: ListRow, itemRows: ItemRow[]): Bulletin {
  const items = itemRows.map(presentItem);
  const plannedSeconds = items.reduce((sum, i) => sum + i.durationSeconds, 0);
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
    bulletinItems: items,
    newsItems: items
      .filter((i) => i.newsId !== null && !i.articleRemoved)
      .map((i) => ({ newsId: i.newsId!, sortOrder: i.sortOrder })),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    version: row.version,
    createdByName,
    updatedByName,
    createdBy: row.createdBy,
    updatedBy: row.updatedBy,
    plannedSeconds,
    overUnderSeconds: plannedSeconds - row.duration * 60,
  };
}
