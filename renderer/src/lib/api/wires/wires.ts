import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MakeStoryResult, WireFeed, WireFeedInput, WireItemPage, WireSource } from '@shared/contracts/wires';
import { apiJson } from '@/lib/api-client';
import { useActionMutation } from '@/lib/use-action-mutation';

/** Every wires key starts here: one invalidation (actions, the live wires_updated) refreshes all. */
export const wiresQueryKey = ['/api/wires'] as const;
const feedsKey = [...wiresQueryKey, 'feeds'] as const;

export function useWireItems(search: string, page: number) {
  return useQuery(
    queryOptions({
      queryKey: [...wiresQueryKey, 'items', { search, page }],
      queryFn: () => {
        const query = new URLSearchParams({ page: String(page) });
        if (search) query.set('search', search);
        return apiJson<WireItemPage>('GET', `/api/wires?${query.toString()}`);
      },
      // Typing a search or paging keeps the last rows on screen instead of flashing a loader.
      placeholderData: keepPreviousData,
    }),
  );
}

/** Owner/admin only (feed URLs may carry an agency's key). */
export function useWireFeeds(enabled: boolean) {
  return useQuery(queryOptions<WireFeed[]>({ queryKey: feedsKey, enabled }));
}

/** The wire a news article was made from ({source: null} for the others). */
export function useWireSource(newsId: number | null) {
  return useQuery(
    queryOptions<{ source: WireSource | null }>({
      queryKey: [...wiresQueryKey, 'sources', newsId ?? 0],
      enabled: newsId !== null,
    }),
  );
}

function useRefresh() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: wiresQueryKey });
}

export function useSaveFeed() {
  const refresh = useRefresh();
  return useActionMutation({
    mutationFn: ({ id, body }: { id: number | null; body: WireFeedInput }) =>
      id === null
        ? apiJson<WireFeed>('POST', '/api/wires/feeds', body)
        : apiJson<WireFeed>('PUT', `/api/wires/feeds/${id}`, body),
    onSettled: refresh,
  });
}

export function useDeleteFeed() {
  const refresh = useRefresh();
  return useActionMutation({
    mutationFn: (id: number) => apiJson<{ success: true }>('DELETE', `/api/wires/feeds/${id}`),
    onSettled: refresh,
  });
}

export function usePollFeed() {
  const refresh = useRefresh();
  return useActionMutation({
    mutationFn: (id: number) => apiJson<WireFeed>('POST', `/api/wires/feeds/${id}/poll`),
    onSettled: refresh,
  });
}

export function useMakeStory() {
  const client = useQueryClient();
  return useActionMutation({
    mutationFn: (itemId: number) => apiJson<MakeStoryResult>('POST', `/api/wires/${itemId}/make-story`),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: wiresQueryKey }),
        client.invalidateQueries({ queryKey: ['/api/news'] }),
      ]),
  });
}
