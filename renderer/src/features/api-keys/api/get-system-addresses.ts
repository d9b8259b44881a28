import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SystemAddresses } from '@shared/contracts/system';

/** The server's LAN addresses (GET /api/system/addresses); read when the new-key dialog opens. */
export const systemAddressesQueryKey = ['/api/system/addresses'] as const;

export function useSystemAddresses(enabled: boolean) {
  return useQuery({ ...queryOptions<SystemAddresses>({ queryKey: systemAddressesQueryKey }), enabled });
}
