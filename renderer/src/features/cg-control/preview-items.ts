import { BULLETIN_LABEL_CHARS } from '@shared/constants';
import type { Bulletin, BulletinItem } from '@shared/contracts/bulletins';
import type { News } from '@shared/contracts/news';
import { isOnAirStatus } from '@shared/news-on-air';

/** One thing the CG preview can show: an approved article, or a bulletin's break/headline slot. */
export interface PreviewItem {
  key: string;
  kind: BulletinItem['type'];
  title: string;
  subtitle: string | null;
}

/** Only news approved for air (approved or published, issue 39) feeds the preview (docs/product.md §States); the list keeps the server's newest-first order. */
export function newsPreviewItems(news: readonly News[]): PreviewItem[] {
  return news
    .filter((n) => isOnAirStatus(n.status))
    .map((n) => ({ key: `news-${n.id}`, kind: 'news', title: n.title, subtitle: n.subtitle }));
}

function bulletinItemTitle(item: BulletinItem): string {
  if (item.type === 'break') return item.breakType ?? 'BREAK';
  return item.newsTitle ?? 'HEADLINES';
}

/**
 * A bulletin's running order for the preview: by sortOrder, news only while approved (a story
 * pulled back to draft must not reach air) and never an item whose article was deleted
 * ("(article removed)" on the bulletins page), breaks and headline slots as they are.
 */
export function bulletinPreviewItems(bulletin: Bulletin | undefined): PreviewItem[] {
  if (!bulletin) return [];
  return [...bulletin.bulletinItems]
    .sort((a, b) => a.sortOrder - b.sortOrder)
    .filter((item) => item.type !== 'news' || (!item.articleRemoved && isOnAirStatus(item.newsStatus)))
    .map((item) => ({
      key: `item-${item.id}`,
      kind: item.type,
      title: bulletinItemTitle(item),
      subtitle: item.type === 'news' ? item.newsSubtitle : null,
    }));
}

/** With none chosen (or the chosen one deleted) the first bulletin of the list is used. */
export function activeBulletin(bulletins: readonly Bulletin[], selectedId: number | null): Bulletin | undefined {
  return bulletins.find((b) => b.id === selectedId) ?? bulletins[0];
}

/** Select Bulletin option label: the first 30 characters of the content (title when empty). */
export function bulletinLabel(bulletin: Bulletin): string {
  const text = bulletin.content.trim() || bulletin.title;
  return text.length > BULLETIN_LABEL_CHARS ? `${text.slice(0, BULLETIN_LABEL_CHARS)}…` : text;
}

/** The text a move to `item` puts on air: only news items carry a title to push. */
export function titleToPush(item: PreviewItem | undefined): string | null {
  if (!item || item.kind !== 'news') return null;
  return item.title.trim() ? item.title : null;
}
