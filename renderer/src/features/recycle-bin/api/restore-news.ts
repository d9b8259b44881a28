import { useQueryClient } from '@tanstack/react-query';
import { useActionMutation } from '@/lib/use-action-mutation';
import type { News } from '@shared/contracts/news';
import { apiJson } from '@/lib/api-client';
import { invalidateNews } from '@/lib/api/news/invalidate-news';

/** Back into the news lists with the status it had when deleted. */
export function restoreNews(id: number): Promise<News> {
  return apiJson<News>('POST', `/api/news/${id}/restore`);
}

export function useRestoreNews() {
  const queryClient = useQueryClient();
  return useActionMutation({
    mutationFn: restoreNews,
    onSuccess: () => invalidateNews(queryClient, { recycleBin: true }),
  });
}
