import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { EQUIPMENT_SELECTOR_STATUSES } from '@shared/constants';
import type { Ok } from '@shared/contracts/common';
import type {
  BulkUploadResult,
  CreateEquipmentInput,
  Equipment,
  UpdateEquipmentInput,
} from '@shared/contracts/equipment';
import { apiJson } from '@/lib/api-client';
import { useActionMutation } from '@/lib/use-action-mutation';
import { dashboardStatsQueryKey } from '@/lib/api/dashboard/get-dashboard-stats';
import { addChunkResults, chunkRows, emptyResults, type BulkResults } from '@/lib/equipment/bulk-upload';

export const equipmentQueryKey = ['/api/equipment'] as const;
export const equipmentRequestsQueryKey = ['/api/equipment-requests'] as const;

export type SelectorStatus = (typeof EQUIPMENT_SELECTOR_STATUSES)[number];

export function useEquipmentList() {
  return useQuery(queryOptions<Equipment[]>({ queryKey: equipmentQueryKey }));
}

/** Everything a catalogue or loan change can move: both lists and the dashboard's tiles. */
export function refreshEquipment(queryClient: QueryClient): Promise<void> {
  return Promise.all(
    [equipmentQueryKey, equipmentRequestsQueryKey, dashboardStatsQueryKey].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  ).then(() => undefined);
}

/** Put the saved item into the cached list at once (the live event refreshes other screens). */
function patchList(queryClient: QueryClient, saved: Equipment): void {
  queryClient.setQueryData<Equipment[]>(equipmentQueryKey, (list) =>
    list
      ? list.some((e) => e.id === saved.id)
        ? list.map((e) => (e.id === saved.id ? saved : e))
        : [saved, ...list]
      : list,
  );
}

export function useCreateEquipment() {
  const queryClient = useQueryClient();
  return useActionMutation({
    mutationFn: (body: CreateEquipmentInput) => apiJson<Equipment>('POST', '/api/equipment', body),
    onSuccess: (saved) => {
      patchList(queryClient, saved);
      return refreshEquipment(queryClient);
    },
  });
}

/** Edit on a card (issue 39): PATCH with the version the form started from (a newer save is a 409). */
export function useUpdateEquipment() {
  const queryClient = useQueryClient();
  return useActionMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateEquipmentInput }) =>
      apiJson<Equipment>('PATCH', `/api/equipment/${id}`, body),
    onSuccess: (saved) => {
      patchList(queryClient, saved);
      return refreshEquipment(queryClient);
    },
  });
}

export function useSetEquipmentStatus() {
  const queryClient = useQueryClient();
  return useActionMutation({
    mutationFn: ({ id, status }: { id: number; status: SelectorStatus }) =>
      apiJson<Equipment>('PUT', `/api/equipment/${id}/status`, { status }),
    onSuccess: (saved) => {
      patchList(queryClient, saved);
      return refreshEquipment(queryClient);
    },
  });
}

export function useDeleteEquipment() {
  const queryClient = useQueryClient();
  return useActionMutation({
    mutationFn: (id: number) => apiJson<Ok>('DELETE', `/api/equipment/${id}`),
    onSuccess: () => refreshEquipment(queryClient),
  });
}

export interface BulkProgress {
  sent: number;
  total: number;
}

/**
 * POST /api/equipment/bulk in sequential chunks (progress between them); the row numbers of the
 * answer are mapped back to the user's file. A failing chunk stops the upload: its error says
 * how many rows were already imported.
 */
export function useBulkUpload(onProgress: (p: BulkProgress) => void) {
  const queryClient = useQueryClient();
  return useActionMutation({
    mutationFn: async (rows: Record<string, string>[]) => {
      let total = emptyResults();
      onProgress({ sent: 0, total: rows.length });
      for (const chunk of chunkRows(rows)) {
        try {
          const answer = await apiJson<BulkUploadResult>('POST', '/api/equipment/bulk', { csvData: chunk.rows });
          total = addChunkResults(total, answer.results, chunk.offset);
        } catch (error) {
          throw new BulkChunkError(error, total);
        }
        onProgress({ sent: chunk.offset + chunk.rows.length, total: rows.length });
      }
      return total;
    },
    onSettled: () => refreshEquipment(queryClient),
  });
}

/** A chunk failed: the server's reason, and what the earlier chunks already imported. */
export class BulkChunkError extends Error {
  constructor(
    readonly failure: unknown,
    readonly before: BulkResults,
  ) {
    super(failure instanceof Error ? failure.message : String(failure));
    this.name = 'BulkChunkError';
  }
}
