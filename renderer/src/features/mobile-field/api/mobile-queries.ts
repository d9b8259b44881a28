import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Equipment, EquipmentRequest, MobileUserPermissions } from '@shared/contracts/equipment';

/** Spec 001 §7 Mobile reads. The keys are the paths (docs/product.md §API), refreshed by mobile-field-live. */
export const mobileEquipmentQueryKey = ['/api/mobile/equipment'] as const;
export const mobileRequestsQueryKey = ['/api/mobile/equipment-requests'] as const;
/** Prefix of every caller's permissions key (a role change refreshes them all). */
export const mobilePermissionsPrefix = ['/api/mobile/user-permissions'] as const;

export function mobileEquipmentQueryOptions() {
  return queryOptions<Equipment[]>({ queryKey: mobileEquipmentQueryKey });
}

export function useMobileEquipment() {
  return useQuery(mobileEquipmentQueryOptions());
}

export function useMobileRequests() {
  return useQuery<EquipmentRequest[]>({ queryKey: mobileRequestsQueryKey });
}

/** The caller's own id, never the spec's fixed id 1 (a defect of the old app, docs/design-rules.md §3.5). */
export function useMobilePermissions(userId: number | undefined) {
  return useQuery<MobileUserPermissions>({
    queryKey: [...mobilePermissionsPrefix, userId],
    enabled: userId !== undefined,
  });
}
