import { useQueryClient } from '@tanstack/react-query';
import type { News, NewsReturnKind, OnAirStoryConflict } from '@shared/contracts/news';
import { apiJson, HttpError } from '@/lib/api-client';
import { useActionMutation } from '@/lib/use-action-mutation';
import { invalidateNews } from '@/lib/api/news/invalidate-news';

export interface SendBackVariables {
  id: number;
  kind: NewsReturnKind;
  reason: string;
  confirmOnAir?: boolean;
}

const PATH: Record<NewsReturnKind, string> = { rejected: 'reject', unapproved: 'unapprove' };

/** draft → draft with a reason (reject), approved → draft with a reason (unapprove). */
export function sendBackNews({ id, kind, reason, confirmOnAir }: SendBackVariables): Promise<News> {
  return apiJson<News>('POST', `/api/news/${id}/${PATH[kind]}`, {
    reason,
    ...(confirmOnAir ? { confirmOnAir: true } : {}),
  });
}

export function useSendBackNews() {
  const queryClient = useQueryClient();
  return useActionMutation({ mutationFn: sendBackNews, onSuccess: () => invalidateNews(queryClient) });
}

/** The 409 that names the bulletins on air, or null for any other failure. */
export function onAirConflict(error: unknown): OnAirStoryConflict | null {
  if (!(error instanceof HttpError) || error.status !== 409) return null;
  try {
    const body = JSON.parse(error.bodyText) as Partial<OnAirStoryConflict>;
    return Array.isArray(body.onAirBulletins) && typeof body.message === 'string' ? (body as OnAirStoryConflict) : null;
  } catch {
    return null;
  }
}
