import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MoveStarted, MoveToPostgresInput, StoreLocationView } from '@shared/contracts/store-move';
import { apiJson } from '@/lib/api-client';
import { useServerRestore } from '@/lib/live';
import { useActionMutation } from '@/lib/use-action-mutation';

/** Owners and roletype dev (issue 42); the page asks only for them. */
export const storeLocationQueryKey = ['/api/system/store'] as const;

export function useStoreLocation(enabled: boolean) {
  return useQuery({ ...queryOptions<StoreLocationView>({ queryKey: storeLocationQueryKey }), enabled });
}

/** Accepted (202): the server moves and restarts; the notice covers the page until it reloads. */
export function useMoveToPostgres() {
  return useActionMutation({
    mutationFn: (body: MoveToPostgresInput) => apiJson<MoveStarted>('POST', '/api/system/move-to-postgres', body),
    onSuccess: (started) => useServerRestore.setState({ moving: { to: started.target } }),
  });
}
