import { useActionMutation } from '@/lib/use-action-mutation';
import type { CrawlerGenerateResponse } from '@shared/contracts/crawler';
import { apiJson } from '@/lib/api-client';
import { useApplyCrawlerContent } from './crawler-mutation-success';

/** Replaces the crawler with the titles of approved news, newest first. */
export function generateCrawler(): Promise<CrawlerGenerateResponse> {
  return apiJson<CrawlerGenerateResponse>('POST', '/api/news-crawler/generate', {});
}

export function useGenerateCrawler() {
  const apply = useApplyCrawlerContent();
  return useActionMutation({ mutationFn: generateCrawler, onSuccess: apply });
}
