import { queryClient } from '@/lib/query-client';

/**
 * What this screen itself did to NEXT, so a change it made is never shown as another desk's
 * (issue 38, point 3). Versions come from the answers of its own sends, takes and clears. The
 * live event of a send can arrive before its answer, so a change that lands while this screen
 * has a write in flight, or within OWN_SEND_MS of one, counts as its own too.
 */
const OWN_SEND_MS = 1000;
const KEEP = 50;

const versions: number[] = [];
let lastWriteAt = 0;

queryClient.getMutationCache().subscribe(() => {
  lastWriteAt = Date.now();
});

export function noteOwnNext(version: number | undefined): void {
  if (version === undefined) return;
  versions.push(version);
  if (versions.length > KEEP) versions.shift();
}

export const isOwnNext = (version: number): boolean => versions.includes(version);

export const sentRecently = (now = Date.now()): boolean =>
  queryClient.isMutating() > 0 || now - lastWriteAt < OWN_SEND_MS;
