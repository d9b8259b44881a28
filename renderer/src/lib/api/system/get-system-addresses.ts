import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SystemAddresses } from '@shared/contracts/system';

/**
 * The server's LAN addresses (GET /api/system/addresses): the new-key dialog's sync URL, the Settings
 * and dashboard LAN address cards, the QR labels page. One query, read when one of them opens.
 */
export const systemAddressesQueryKey = ['/api/system/addresses'] as const;

export function useSystemAddresses(enabled: boolean) {
  return useQuery({ ...queryOptions<SystemAddresses>({ queryKey: systemAddressesQueryKey }), enabled });
}
