import { useActionMutation } from '@/lib/use-action-mutation';
import { apiJson } from '@/lib/api-client';
import { useApplyCrawlerContent, type CrawlerMutationResponse } from './crawler-mutation-success';

export function addHeadline(headline: string): Promise<CrawlerMutationResponse> {
  return apiJson<CrawlerMutationResponse>('POST', '/api/news-crawler/add-headline', { headline });
}

export function useAddHeadline() {
  const apply = useApplyCrawlerContent();
  return useActionMutation({ mutationFn: addHeadline, onSuccess: apply });
}
