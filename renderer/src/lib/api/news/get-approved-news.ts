import { queryOptions, useQuery } from '@tanstack/react-query';
import type { News } from '@shared/contracts/news';
import { apiJson } from '@/lib/api-client';

/**
 * Under the ['/api/news'] prefix, so news mutations and the live news_* events refresh it too.
 * 'recent' = the plain list (newest first), 'approved' = what may go to air.
 */
export function newsListQueryKey(list: 'recent' | 'approved') {
  return ['/api/news', { list }] as const;
}

export function getNewsList(list: 'recent' | 'approved'): Promise<News[]> {
  return apiJson<News[]>('GET', list === 'approved' ? '/api/news?status=on_air' : '/api/news');
}

export function newsListQueryOptions(list: 'recent' | 'approved') {
  return queryOptions({ queryKey: newsListQueryKey(list), queryFn: () => getNewsList(list) });
}

export function useRecentNews() {
  return useQuery(newsListQueryOptions('recent'));
}

export function useApprovedNews() {
  return useQuery(newsListQueryOptions('approved'));
}
