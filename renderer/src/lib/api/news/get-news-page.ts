import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { NEWS_PAGE_SIZE } from '@shared/constants';
import type { NewsPage, NewsStatus } from '@shared/contracts/news';
import { apiJson } from '@/lib/api-client';

/**
 * Every news key starts with this segment, so one invalidation (mutations here, and the live
 * news_* events in app/live-events.ts) refreshes all pages of all three lists.
 */
export const newsQueryKey = ['/api/news'] as const;

export function newsPageQueryKey(status: NewsStatus, page: number) {
  return [...newsQueryKey, { status, page }] as const;
}

export function getNewsPage(status: NewsStatus, page: number): Promise<NewsPage> {
  const query = new URLSearchParams({ status, page: String(page), limit: String(NEWS_PAGE_SIZE) });
  return apiJson<NewsPage>('GET', `/api/news?${query.toString()}`);
}

/** An explicit queryFn: the key's object segment is not a path, so the default one cannot serve it. */
export function newsPageQueryOptions(status: NewsStatus, page: number) {
  return queryOptions({
    queryKey: newsPageQueryKey(status, page),
    queryFn: () => getNewsPage(status, page),
    // Paging keeps the previous rows on screen instead of flashing a loader.
    placeholderData: keepPreviousData,
  });
}

export function useNewsPage(status: NewsStatus, page: number) {
  return useQuery(newsPageQueryOptions(status, page));
}
