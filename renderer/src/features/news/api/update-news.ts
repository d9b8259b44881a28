import { useQueryClient } from '@tanstack/react-query';
import { useActionMutation } from '@/lib/use-action-mutation';
import type { News, UpdateNewsInput } from '@shared/contracts/news';
import { apiJson } from '@/lib/api-client';
import { invalidateNews } from '@/lib/api/news/invalidate-news';

export interface UpdateNewsVariables {
  id: number;
  changes: UpdateNewsInput;
}

export function updateNews({ id, changes }: UpdateNewsVariables): Promise<News> {
  return apiJson<News>('PUT', `/api/news/${id}`, changes);
}

export function useUpdateNews() {
  const queryClient = useQueryClient();
  return useActionMutation({ mutationFn: updateNews, onSuccess: () => invalidateNews(queryClient) });
}
