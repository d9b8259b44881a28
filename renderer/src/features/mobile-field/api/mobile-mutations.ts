import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CreatedEquipmentRequest, EquipmentRequest } from '@shared/contracts/equipment';
import { apiJson } from '@/lib/api-client';
import { useActionMutation } from '@/lib/use-action-mutation';
import type { MobileAction } from '../request-actions';
import { mobileEquipmentQueryKey, mobileRequestsQueryKey } from './mobile-queries';

/** A request changes the item's stock too, so both lists refresh (the live echo does it again for others). */
export function refreshMobile(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: mobileRequestsQueryKey });
  void queryClient.invalidateQueries({ queryKey: mobileEquipmentQueryKey });
}

export interface MobileRequestBody {
  equipmentId: number;
  purpose: string;
  notes: string;
  /** ISO; the end of the picked day (the server refuses a past one). */
  expectedReturnDate?: string;
}

/** POST /api/mobile/equipment-requests: the server takes requester and company from the session. */
export function useCreateMobileRequest() {
  const queryClient = useQueryClient();
  return useActionMutation({
    mutationFn: (body: MobileRequestBody) =>
      apiJson<CreatedEquipmentRequest>('POST', '/api/mobile/equipment-requests', body),
    onSuccess: () => refreshMobile(queryClient),
  });
}

/** The shared request actions (docs/product.md §API): PUT /api/equipment-requests/:id/<action>, no trusted ids in the body. */
export function useMobileRequestAction() {
  const queryClient = useQueryClient();
  return useActionMutation({
    mutationFn: ({ id, action }: { id: number; action: Exclude<MobileAction, 'extend'> }) =>
      apiJson<EquipmentRequest>('PUT', `/api/equipment-requests/${id}/${action}`, {}),
    onSuccess: () => refreshMobile(queryClient),
  });
}
