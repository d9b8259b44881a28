import { useActionMutation } from '@/lib/use-action-mutation';
import { apiJson } from '@/lib/api-client';
import { useApplyCrawlerContent, type CrawlerMutationResponse } from '@/lib/api/crawler/crawler-mutation-success';

/** Leaves an empty news_crawler.txt (not a missing one), so the graphics keep their source. */
export function clearCrawler(): Promise<CrawlerMutationResponse> {
  return apiJson<CrawlerMutationResponse>('POST', '/api/news-crawler/clear', {});
}

export function useClearCrawler() {
  const apply = useApplyCrawlerContent();
  return useActionMutation({ mutationFn: clearCrawler, onSuccess: apply });
}
