import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { AsRunPage } from '@shared/contracts/as-run';
import { apiJson, apiRequest } from '@/lib/api-client';
import { saveResponse } from '@/lib/save-file';

/** The page's filters as the API takes them (from/to are ISO moments; empty = not filtered). */
export interface AsRunFilters {
  from?: string;
  to?: string;
  type?: string;
  userId?: string;
  output?: string;
  source?: string;
}

export const AS_RUN_LOAD_SIZE = 50;

export const asRunQueryKey = ['/api/as-run'] as const;

export function asRunSearch(filters: AsRunFilters, extra: Record<string, string> = {}): string {
  const query = new URLSearchParams(extra);
  for (const [name, value] of Object.entries(filters) as [string, string | undefined][])
    if (value) query.set(name, value);
  return query.toString();
}

export function getAsRun(filters: AsRunFilters, before: string | null): Promise<AsRunPage> {
  const extra: Record<string, string> = { limit: String(AS_RUN_LOAD_SIZE), ...(before ? { before } : {}) };
  return apiJson<AsRunPage>('GET', `/api/as-run?${asRunSearch(filters, extra)}`);
}

export function asRunQueryOptions(filters: AsRunFilters) {
  return infiniteQueryOptions({
    queryKey: [...asRunQueryKey, filters],
    queryFn: ({ pageParam }) => getAsRun(filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useAsRun(filters: AsRunFilters, enabled = true) {
  return useInfiniteQuery({ ...asRunQueryOptions(filters), enabled });
}

/**
 * The CSV with the same filters, saved through the browser. Fetched with the session's token
 * (a plain link would carry none), then handed to the browser as a file.
 */
export async function downloadAsRunCsv(filters: AsRunFilters): Promise<void> {
  await saveResponse(await apiRequest('GET', `/api/as-run/export.csv?${asRunSearch(filters)}`), 'as-run.csv');
}
