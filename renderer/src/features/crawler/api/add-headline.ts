import { useMutation } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { useApplyCrawlerContent, type CrawlerMutationResponse } from './crawler-mutation-success';

export function addHeadline(headline: string): Promise<CrawlerMutationResponse> {
  return apiJson<CrawlerMutationResponse>('POST', '/api/news-crawler/add-headline', { headline });
}

export function useAddHeadline() {
  const apply = useApplyCrawlerContent();
  return useMutation({ mutationFn: addHeadline, onSuccess: apply });
}
