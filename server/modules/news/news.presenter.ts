import type { DeletedNews, News, NewsPriority, NewsStatus } from '../../../shared/contracts/news';
import type { NewsRow } from '../../db/schema';
import type { NewsWithNames } from './news.repo';

export function presentNews({ row, createdByName, approvedByName, publishedByName }: NewsWithNames): News {
  return {
    id: row.id,
    title: row.title,
    subtitle: row.subtitle,
    content: row.content,
    category: row.category,
    status: row.status as NewsStatus,
    priority: row.priority as NewsPriority,
    isExpired: row.isExpired,
    expiryStatus: row.expiryStatus as News['expiryStatus'],
    isDeleted: row.isDeleted,
    deletedBy: row.deletedBy,
    deletedAt: row.deletedAt,
    scheduledForDeletion: row.scheduledForDeletion,
    companyId: row.companyId,
    createdBy: row.createdBy,
    approvedBy: row.approvedBy,
    approvedAt: row.approvedAt,
    publishedBy: row.publishedBy,
    publishedAt: row.publishedAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    version: row.version,
    createdByName,
    approvedByName,
    publishedByName,
    returnReason: row.returnReason,
    returnKind: row.returnKind as News['returnKind'],
    returnedBy: row.returnedBy,
    returnedByName: row.returnedByName,
    returnedAt: row.returnedAt,
    submittedAt: row.submittedAt,
    submittedBy: row.submittedBy,
    submittedByName: row.submittedByName,
  };
}

export function presentDeletedNews({
  row,
  deletedByName,
}: {
  row: NewsRow;
  deletedByName: string | null;
}): DeletedNews {
  return {
    deletedBy: row.deletedBy,
    deletedByName,
    status: row.status as NewsStatus,
    id: row.id,
    title: row.title,
    subtitle: row.subtitle,
    content: row.content,
    priority: row.priority as NewsPriority,
    deletedAt: row.deletedAt,
    scheduledForDeletion: row.scheduledForDeletion,
  };
}
