import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Output, OutputInput, OutputStatusEntry, OutputTestResult } from '@shared/contracts/outputs';
import { apiJson } from '@/lib/api-client';
import { useActionMutation } from '@/lib/use-action-mutation';

/** GET /api/outputs (owner/admin): CasparCG, OBS and vMix outputs with their status. */
export const outputsQueryKey = ['/api/outputs'] as const;
/** GET /api/outputs/status (everyone signed in): the header's summary. */
export const outputStatusesQueryKey = ['/api/outputs/status'] as const;

export function useOutputs(enabled: boolean) {
  return useQuery(queryOptions<Output[]>({ queryKey: outputsQueryKey, enabled }));
}

export function useOutputStatuses() {
  return useQuery(queryOptions<OutputStatusEntry[]>({ queryKey: outputStatusesQueryKey }));
}

function useRefresh() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: outputsQueryKey, exact: true }),
      client.invalidateQueries({ queryKey: outputStatusesQueryKey }),
    ]);
}

/** Add (id null) or save an output; the body carries the version the form started from. */
export function useSaveOutput() {
  const refresh = useRefresh();
  return useActionMutation({
    mutationFn: ({ id, body }: { id: number | null; body: OutputInput }) =>
      id === null ? apiJson<Output>('POST', '/api/outputs', body) : apiJson<Output>('PUT', `/api/outputs/${id}`, body),
    onSettled: refresh,
  });
}

export function useDeleteOutput() {
  const refresh = useRefresh();
  return useActionMutation({
    mutationFn: (id: number) => apiJson<{ success: true }>('DELETE', `/api/outputs/${id}`),
    onSettled: refresh,
  });
}

export function useTestOutput() {
  return useActionMutation({
    mutationFn: (id: number) => apiJson<OutputTestResult>('POST', `/api/outputs/${id}/test`),
  });
}

/** The body that saves `output` as it is but for `changes` (the OBS password omitted: kept). */
export function bodyOf(output: Output, changes: { enabled?: boolean } = {}): OutputInput {
  const common = { name: output.name, enabled: changes.enabled ?? output.enabled, version: output.version };
  if (output.kind === 'obs')
    return { kind: 'obs', ...common, config: { url: output.config.url, mapping: output.config.mapping } };
  if (output.kind === 'casparcg') return { kind: 'casparcg', ...common, config: output.config };
  return { kind: 'vmix', ...common, config: output.config };
}
