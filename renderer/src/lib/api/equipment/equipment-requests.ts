import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CheckIn,
  CreateEquipmentRequestInput,
  CreatedEquipmentRequest,
  EquipmentRequest,
} from '@shared/contracts/equipment';
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
    // The answer says when a blank return date made the loan due (issue 39: `notice`).
    mutationFn: (body: CreateEquipmentRequestInput) =>
      apiJson<CreatedEquipmentRequest>('POST', '/api/equipment-requests', body),
    onSuccess: () => refreshEquipment(queryClient),
  });
}

/** The PUT /api/equipment-requests/:id/<step> routes; the server takes the actor from the session. */
export type RequestStep = 'approve' | 'reject' | 'checkout' | 'return' | 'approve-return';

export function useRequestStep() {
  const queryClient = useQueryClient();
  return useActionMutation({
    mutationFn: ({ id, step, body }: { id: number; step: RequestStep; body?: StepBody }) =>
      apiJson<EquipmentRequest>('PUT', `/api/equipment-requests/${id}/${step}`, body ?? {}),
    onSuccess: () => refreshEquipment(queryClient),
  });
}

/** Reject's reason (the borrower is told) or a Return's check-in (issue 39). */
export type StepBody = { reason: string } | Partial<CheckIn>;

/** POST /api/equipment-requests/:id/extend: a new return date and the reason (issue 39). */
export function useRequestExtension() {
  const queryClient = useQueryClient();
  return useActionMutation({
    mutationFn: ({ id, newReturnDate, reason }: { id: number; newReturnDate: string; reason: string }) =>
      apiJson<EquipmentRequest>('POST', `/api/equipment-requests/${id}/extend`, { newReturnDate, reason }),
    onSuccess: () => refreshEquipment(queryClient),
  });
}

export function useDecideExtension() {
  const queryClient = useQueryClient();
  return useActionMutation({
    mutationFn: (body: { requestId: number; approved: boolean; rejectionReason?: string | null }) =>
      apiJson<unknown>('POST', '/api/equipment-extension/approve', body),
    onSuccess: () => refreshEquipment(queryClient),
  });
}

/** Delivery may not be set up (no bot yet): the answer then says so, and the dialog shows it. */
export function useSendReminder() {
  return useActionMutation({
    mutationFn: (requestId: number) =>
      apiJson<EquipmentReminderResult>('POST', '/api/telegram/send-equipment-reminder', { requestId }),
  });
}
