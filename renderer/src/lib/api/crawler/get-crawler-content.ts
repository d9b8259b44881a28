import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CrawlerContent } from '@shared/contracts/crawler';
import { CRAWLER_REFETCH_MS } from '@shared/constants';

/** Mutations, the 5 s poll and the live news_crawler event all refresh this one key. */
export const crawlerContentQueryKey = ['/api/news-crawler/content'] as const;

/** The default query fn GETs the key's path; the spec polls it every 5 s (000 §7, §9). */
export function crawlerContentQueryOptions() {
  return queryOptions<CrawlerContent>({ queryKey: crawlerContentQueryKey, refetchInterval: CRAWLER_REFETCH_MS });
}

export function useCrawlerContent() {
  return useQuery(crawlerContentQueryOptions());
}
