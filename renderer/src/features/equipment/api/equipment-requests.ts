import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateEquipmentRequestInput, EquipmentRequest } from '@shared/contracts/equipment';
import { apiJson } from '@/lib/api-client';
import { useActionMutation } from '@/lib/use-action-mutation';
import { equipmentRequestsQueryKey, refreshEquipment } from './equipment';

export function useEquipmentRequests() {
  return useQuery(queryOptions<EquipmentRequest[]>({ queryKey: equipmentRequestsQueryKey }));
}

export function useCreateEquipmentRequest() {
  const queryClient = useQueryClient();
  return useActionMutation({
    mutationFn: (body: CreateEquipmentRequestInput) => apiJson<EquipmentRequest>('POST', '/api/equipment-requests', body),
    onSuccess: () => refreshEquipment(queryClient),
  });
}

/** The PUT /api/equipment-requests/:id/<step> routes; the server takes the actor from the session. */
export type RequestStep = 'approve' | 'reject' | 'checkout' | 'return' | 'approve-return';

export function useRequestStep() {
  const queryClient = useQueryClient();
  return useActionMutation({
    mutationFn: ({ id, step }: { id: number; step: RequestStep }) => apiJson<EquipmentRequest>('PUT', `/api/equipment-requests/${id}/${step}`, {}),
    onSuccess: () => refreshEquipment(queryClient),
  });
}

export function useDecideExtension() {
  const queryClient = useQueryClient();
  return useActionMutation({
    mutationFn: (body: { requestId: number; approved: boolean }) => apiJson<unknown>('POST', '/api/equipment-extension/approve', body),
    onSuccess: () => refreshEquipment(queryClient),
  });
}

/**
 * The reminder's answer. Delivery may not be set up (no bot yet): the server then says so, and
 * the dialog shows its words rather than a success it cannot vouch for.
 */
export interface ReminderResult {
  success?: boolean;
  delivered?: boolean;
  message?: string;
}

export function useSendReminder() {
  return useActionMutation({
    mutationFn: (requestId: number) => apiJson<ReminderResult>('POST', '/api/telegram/send-equipment-reminder', { requestId }),
  });
}
