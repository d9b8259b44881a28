import type { QueryClient } from '@tanstack/react-query';
import { recycleBinQueryKey } from '@/lib/api/recycle-bin/get-recycle-bin';
import { newsQueryKey } from './get-news-page';

/**
 * After our own write: refresh at once rather than waiting for the live echo (which still
 * arrives and refreshes again, harmlessly). A delete also fills the recycle bin.
 */
export function invalidateNews(queryClient: QueryClient, { recycleBin = false } = {}): Promise<void> {
  const keys = recycleBin ? [newsQueryKey, recycleBinQueryKey] : [newsQueryKey];
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))).then(() => undefined);
}
