import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { News, NewsRevision } from '@shared/contracts/news';
import { apiJson } from '@/lib/api-client';
import { useActionMutation } from '@/lib/use-action-mutation';
import { newsQueryKey } from '@/lib/api/news/get-news-page';
import { invalidateNews } from '@/lib/api/news/invalidate-news';

/** Under the news key: every news change (live or ours) refreshes an open history too. */
export const newsRevisionsQueryKey = (newsId: number) => [...newsQueryKey, 'revisions', newsId] as const;
export const newsStoryQueryKey = (newsId: number) => [...newsQueryKey, 'story', newsId] as const;

export function useNewsRevisions(newsId: number | null) {
  return useQuery(
    queryOptions({
      queryKey: newsRevisionsQueryKey(newsId ?? 0),
      queryFn: () => apiJson<NewsRevision[]>('GET', `/api/news/${newsId}/revisions`),
      enabled: newsId !== null,
    }),
  );
}

/** The story as it is now: the version a restore starts from, and whether this user may edit it. */
export function useNewsStory(newsId: number | null) {
  return useQuery(
    queryOptions({
      queryKey: newsStoryQueryKey(newsId ?? 0),
      queryFn: () => apiJson<News>('GET', `/api/news/${newsId}`),
      enabled: newsId !== null,
    }),
  );
}

export interface RestoreVariables {
  newsId: number;
  revisionId: number;
  version: number;
}

/** An old text back as a new version (409 when the story moved on since it was loaded). */
export function useRestoreRevision() {
  const queryClient = useQueryClient();
  return useActionMutation({
    mutationFn: ({ newsId, revisionId, version }: RestoreVariables) =>
      apiJson<News>('POST', `/api/news/${newsId}/revisions/${revisionId}/restore`, { version }),
    onSuccess: () => invalidateNews(queryClient),
  });
}
