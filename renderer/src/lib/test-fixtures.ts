import type { Bulletin, BulletinItem } from '@shared/contracts/bulletins';
import type { CgFile } from '@shared/contracts/cg-files';
import type { News } from '@shared/contracts/news';

/** Builders for the unit tests: full contract objects with only the interesting fields given. */
export function newsOf(id: number, overrides: Partial<News> = {}): News {
  return {
    id,
    title: `Story ${id}`,
    subtitle: `Sub ${id}`,
    content: 'Body',
    category: 'General',
    status: 'approved',
    priority: 'normal',
    isExpired: false,
    expiryStatus: 'active',
    isDeleted: false,
    deletedBy: null,
    deletedAt: null,
    scheduledForDeletion: null,
    companyId: 1,
    createdBy: 1,
    approvedBy: 1,
    approvedAt: null,
    publishedBy: null,
    publishedAt: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    version: 1,
    createdByName: null,
    approvedByName: null,
    publishedByName: null,
    returnReason: null,
    returnKind: null,
    returnedBy: null,
    returnedByName: null,
    returnedAt: null,
    submittedAt: null,
    submittedBy: null,
    submittedByName: null,
    ...overrides,
  };
}

export function cgFileOf(type: CgFile['type'], content: string, id = 1): CgFile {
  return {
    id,
    type,
    content,
    fileName: `${type}.txt`,
    companyId: 1,
    updatedBy: 1,
    outputPath: null,
    updatedAt: '2025-01-01T00:00:00.000Z',
  };
}

export function itemOf(id: number, overrides: Partial<BulletinItem> = {}): BulletinItem {
  return {
    id,
    type: 'news',
    sortOrder: id,
    newsId: id,
    newsTitle: `Item ${id}`,
    newsSubtitle: null,
    newsStatus: 'approved',
    newsCategory: 'General',
    breakType: null,
    articleRemoved: false,
    durationSeconds: 30,
    durationEstimated: true,
    ...overrides,
  };
}

export function bulletinOf(id: number, items: BulletinItem[], content = `Bulletin ${id}`): Bulletin {
  return {
    id,
    title: `Title ${id}`,
    titleDhivehi: null,
    content,
    contentDhivehi: null,
    scheduledTime: '2025-01-01T20:00:00.000Z',
    broadcastTime: '20:00',
    duration: 30,
    status: 'ready',
    priority: 'normal',
    category: 'General',
    isLive: false,
    companyId: 1,
    bulletinItems: items,
    newsItems: [],
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    version: 1,
    createdByName: null,
    updatedByName: null,
    createdBy: null,
    updatedBy: null,
    plannedSeconds: 0,
    overUnderSeconds: -1800,
  };
}
