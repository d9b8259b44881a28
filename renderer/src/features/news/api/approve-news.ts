import { useQueryClient } from '@tanstack/react-query';
import { useActionMutation } from '@/lib/use-action-mutation';
import type { News } from '@shared/contracts/news';
import { apiJson } from '@/lib/api-client';
import { invalidateNews } from '@/lib/api/news/invalidate-news';

/** draft → approved; 409 with the server's reason if someone moved it first. */
export function approveNews(id: number): Promise<News> {
  return apiJson<News>('POST', `/api/news/${id}/approve`);
}

export function useApproveNews() {
  const queryClient = useQueryClient();
  return useActionMutation({ mutationFn: approveNews, onSuccess: () => invalidateNews(queryClient) });
}
