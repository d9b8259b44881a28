import { registerLiveEvent } from '@/lib/live-registry';
import { queryClient } from '@/lib/query-client';
import { crawlerContentQueryKey } from '@/lib/api/crawler/get-crawler-content';

/**
 * The ticker is on air: another desk's change must show at once, not after the shell's batched
 * 300 ms refresh or the next 5 s poll. Only news_crawler file updates concern this key.
 */
export function registerCrawlerLiveEvents(): () => void {
  const offs = [
    registerLiveEvent('cg_file_updated', {
      handle: (data) => {
        if (data.type === 'news_crawler') void queryClient.invalidateQueries({ queryKey: crawlerContentQueryKey });
      },
    }),
    // Take mode (issue 25): the list the desk edits is Next's while a crawler is staged there.
    registerLiveEvent('cg_next_updated', {
      handle: () => void queryClient.invalidateQueries({ queryKey: crawlerContentQueryKey }),
    }),
  ];
  return () => offs.forEach((off) => off());
}
