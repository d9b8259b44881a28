import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ServerList } from '@shared/contracts/ha';

/**
 * GET /api/ha/servers (any signed-in user): every CG Bridge server on this store now, this one
 * first (issue 43). One on SQLite or with a single server.
 */
export function useServerList() {
  return useQuery(queryOptions<ServerList>({ queryKey: ['/api/ha/servers'] }));
}
