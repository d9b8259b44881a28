import { useMutation } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { useApplyCrawlerContent, type CrawlerMutationResponse } from './crawler-mutation-success';

export interface EditHeadlineVariables {
  index: number;
  headline: string;
}

export function editHeadline(body: EditHeadlineVariables): Promise<CrawlerMutationResponse> {
  return apiJson<CrawlerMutationResponse>('PUT', '/api/news-crawler/edit-headline', body);
}

export function useEditHeadline() {
  const apply = useApplyCrawlerContent();
  return useMutation({ mutationFn: editHeadline, onSuccess: apply });
}
