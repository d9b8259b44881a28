import type { OutputStatusEntry } from '@shared/contracts/outputs';
import { registerLiveEvent } from '@/lib/live-registry';
import { queryClient } from '@/lib/query-client';
import { airTallyQueryKey } from './api/air-tally';
import { overlayOutputQueryKey } from './api/get-overlay-output';
import { applyOutputStatus } from './apply-output-status';
import { outputStatusesQueryKey, outputsQueryKey } from '@/lib/api/outputs/outputs';

const applyStatus = (entry: OutputStatusEntry): void => applyOutputStatus(queryClient, entry);

/** Another admin rotated the key or saved the layout; an output's status moved; an output was added, changed or removed. */
export function registerOutputsLiveEvents(): () => void {
  const offs = [
    registerLiveEvent('overlay_layout_updated', { invalidate: [overlayOutputQueryKey] }),
    registerLiveEvent('overlay_key_rotated', { invalidate: [overlayOutputQueryKey] }),
    registerLiveEvent('output_status', { handle: applyStatus, invalidate: [airTallyQueryKey] }),
    // Every CG change moves program: the tally is read again once the outputs have answered (issue 38).
    registerLiveEvent('cg_file_updated', { invalidate: [airTallyQueryKey] }),
    registerLiveEvent('outputs_changed', { invalidate: [outputsQueryKey, outputStatusesQueryKey, airTallyQueryKey] }),
  ];
  return () => offs.forEach((off) => off());
}
