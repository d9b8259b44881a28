import { useActionMutation } from '@/lib/use-action-mutation';
import { apiJson } from '@/lib/api-client';
import { useApplyCrawlerContent, type CrawlerMutationResponse } from '@/lib/api/crawler/crawler-mutation-success';

/** Headlines are identified by position only (docs/product.md §Data); the server 409s if it moved. */
export function removeHeadline(index: number): Promise<CrawlerMutationResponse> {
  return apiJson<CrawlerMutationResponse>('POST', '/api/news-crawler/remove-headline', { index });
}

export function useRemoveHeadline() {
  const apply = useApplyCrawlerContent();
  return useActionMutation({ mutationFn: removeHeadline, onSuccess: apply });
}
