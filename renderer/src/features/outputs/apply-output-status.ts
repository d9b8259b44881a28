import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { OutputStatusEntry } from '@shared/contracts/outputs';
import { outputStatusesQueryKey, outputsQueryKey } from '@/lib/api/outputs/outputs';

type WithStatus = { id: number; status: OutputStatusEntry['status'] };

/**
 * An output's new status goes straight into both lists (no refetch per status change), except
 * when a list cannot take it: it does not hold the output yet (added a moment ago), or a read of
 * it is in flight. That read was answered before this status, and its answer would put the old
 * one back ("connecting" on screen while the output is connected), so the list is read again.
 */
export function applyOutputStatus(client: QueryClient, entry: OutputStatusEntry): void {
  for (const key of [outputStatusesQueryKey, outputsQueryKey] as const) applyTo(client, key, entry);
}

function applyTo(client: QueryClient, key: QueryKey, entry: OutputStatusEntry): void {
  const list = client.getQueryData<WithStatus[]>(key);
  if (!list) return;
  const known = list.some((o) => o.id === entry.id);
  if (known)
    client.setQueryData<WithStatus[]>(
      key,
      list.map((o) => (o.id === entry.id ? { ...o, status: entry.status } : o)),
    );
  const reading = client.getQueryState(key)?.fetchStatus === 'fetching';
  if (!known || reading) void client.invalidateQueries({ queryKey: key, exact: true });
}
