import { useQueryClient } from '@tanstack/react-query';
import type { CrawlerContent } from '@shared/contracts/crawler';
import { crawlerContentQueryKey } from './get-crawler-content';

/** What every crawler mutation answers (shared/contracts/crawler.ts crawlerMutationResponseSchema). */
export type CrawlerMutationResponse = CrawlerContent & { success: true };

/**
 * Every crawler mutation answers with the new list: show it at once, then refetch anyway
 * (docs/product.md §API "after every successful crawler mutation the content is refetched"), so a
 * change made by someone else in between is not hidden until the next poll.
 */
export function useApplyCrawlerContent(): (content: CrawlerContent) => Promise<void> {
  const queryClient = useQueryClient();
  return async ({ headlines, count, staged }) => {
    queryClient.setQueryData<CrawlerContent>(crawlerContentQueryKey, {
      headlines,
      count,
      ...(staged ? { staged } : {}),
    });
    await queryClient.invalidateQueries({ queryKey: crawlerContentQueryKey });
  };
}
