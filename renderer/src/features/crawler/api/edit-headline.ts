import { useActionMutation } from '@/lib/use-action-mutation';
import { apiJson } from '@/lib/api-client';
import { useApplyCrawlerContent, type CrawlerMutationResponse } from '@/lib/api/crawler/crawler-mutation-success';

export interface EditHeadlineVariables {
  index: number;
  headline: string;
}

export function editHeadline(body: EditHeadlineVariables): Promise<CrawlerMutationResponse> {
  return apiJson<CrawlerMutationResponse>('PUT', '/api/news-crawler/edit-headline', body);
}

export function useEditHeadline() {
  const apply = useApplyCrawlerContent();
  return useActionMutation({ mutationFn: editHeadline, onSuccess: apply });
}
