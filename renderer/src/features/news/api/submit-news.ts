import { useQueryClient } from '@tanstack/react-query';
import { useActionMutation } from '@/lib/use-action-mutation';
import type { News } from '@shared/contracts/news';
import { apiJson } from '@/lib/api-client';
import { invalidateNews } from '@/lib/api/news/invalidate-news';

/** Issue 39: a draft submitted for approval (the approvers' bells list it); 409 if already submitted. */
export function submitNews(id: number): Promise<News> {
  return apiJson<News>('POST', `/api/news/${id}/submit`);
}

export function useSubmitNews() {
  const queryClient = useQueryClient();
  return useActionMutation({ mutationFn: submitNews, onSuccess: () => invalidateNews(queryClient) });
}
