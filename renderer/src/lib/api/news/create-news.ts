import { useQueryClient } from '@tanstack/react-query';
import { useActionMutation } from '@/lib/use-action-mutation';
import type { CreateNewsInput, News } from '@shared/contracts/news';
import { apiJson } from '@/lib/api-client';
import { invalidateNews } from './invalidate-news';

/** Created as a draft; the server takes company and author from the session. */
export function createNews(body: CreateNewsInput): Promise<News> {
  return apiJson<News>('POST', '/api/news', body);
}

export function useCreateNews() {
  const queryClient = useQueryClient();
  return useActionMutation({ mutationFn: createNews, onSuccess: () => invalidateNews(queryClient) });
}
