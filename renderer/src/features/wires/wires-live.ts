import { registerLiveEvent } from '@/lib/live-registry';
import { wiresQueryKey } from '@/lib/api/wires/wires';

/** A feed was added, changed, removed or polled, or a story was made: feeds and items refetch. */
export function registerWiresLiveEvents(): void {
  registerLiveEvent('wires_updated', { invalidate: [wiresQueryKey] });
}
