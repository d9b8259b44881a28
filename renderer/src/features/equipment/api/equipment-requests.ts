import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateEquipmentRequestInput, EquipmentRequest } from '@shared/contracts/equipment';
import type { EquipmentReminderResult } from '@shared/contracts/equipment-alerts';
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

/** Delivery may not be set up (no bot yet): the answer then says so, and the dialog shows it. */
export function useSendReminder() {
  return useActionMutation({
    mutationFn: (requestId: number) => apiJson<EquipmentReminderResult>('POST', '/api/telegram/send-equipment-reminder', { requestId }),
  });
}
