import { useQueryClient } from '@tanstack/react-query';
import { useActionMutation } from '@/lib/use-action-mutation';
import type { CrawlerContent } from '@shared/contracts/crawler';
import { apiJson } from '@/lib/api-client';
import { crawlerContentQueryKey } from '@/lib/api/crawler/get-crawler-content';
import { useApplyCrawlerContent, type CrawlerMutationResponse } from '@/lib/api/crawler/crawler-mutation-success';

export interface ReorderHeadlinesVariables {
  headlines: string[];
  /** The list as displayed before the drag: the server refuses (409) if it changed since. */
  basedOn: string[];
}

export function reorderHeadlines(body: ReorderHeadlinesVariables): Promise<CrawlerMutationResponse> {
  return apiJson<CrawlerMutationResponse>('PUT', '/api/news-crawler/reorder', body);
}

/**
 * Optimistic: the dropped row stays where the operator put it while the call runs; on failure
 * the list before the drag comes back (docs/product.md §Error texts "Failed to reorder headlines").
 */
export function useReorderHeadlines() {
  const queryClient = useQueryClient();
  const apply = useApplyCrawlerContent();
  return useActionMutation({
    mutationFn: reorderHeadlines,
    onMutate: async ({ headlines }) => {
      await queryClient.cancelQueries({ queryKey: crawlerContentQueryKey });
      const previous = queryClient.getQueryData<CrawlerContent>(crawlerContentQueryKey);
      queryClient.setQueryData<CrawlerContent>(crawlerContentQueryKey, { headlines, count: headlines.length });
      return { previous };
    },
    onError: async (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(crawlerContentQueryKey, context.previous);
      await queryClient.invalidateQueries({ queryKey: crawlerContentQueryKey });
    },
    onSuccess: apply,
  });
}
