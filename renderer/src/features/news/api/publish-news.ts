import { useQueryClient } from '@tanstack/react-query';
import { useActionMutation } from '@/lib/use-action-mutation';
import type { News } from '@shared/contracts/news';
import { apiJson } from '@/lib/api-client';
import { invalidateNews } from '@/lib/api/news/invalidate-news';

/** approved → published; 409 with the server's reason otherwise. */
export function publishNews(id: number): Promise<News> {
  return apiJson<News>('POST', `/api/news/${id}/publish`);
}

export function usePublishNews() {
  const queryClient = useQueryClient();
  return useActionMutation({ mutationFn: publishNews, onSuccess: () => invalidateNews(queryClient) });
}
