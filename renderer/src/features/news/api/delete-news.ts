import { useQueryClient } from '@tanstack/react-query';
import { useActionMutation } from '@/lib/use-action-mutation';
import type { Ok } from '@shared/contracts/common';
import { apiJson } from '@/lib/api-client';
import { invalidateNews } from '@/lib/api/news/invalidate-news';

/** A soft delete: the article moves to the recycle bin for 2 hours. */
export function deleteNews(id: number): Promise<Ok> {
  return apiJson<Ok>('DELETE', `/api/news/${id}`);
}

export function useDeleteNews() {
  const queryClient = useQueryClient();
  return useActionMutation({
    mutationFn: deleteNews,
    onSuccess: () => invalidateNews(queryClient, { recycleBin: true }),
  });
}
