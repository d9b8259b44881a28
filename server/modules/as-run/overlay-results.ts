import type { OnAirChanges } from '../outputs/on-air-changes';

/**
 * The HTML overlay as an as-run output: the overlay hub hears every CG change from the bus (the
 * CG service announces before it emits the change), so when a change is emitted its frame is
 * already queued to every connected overlay of the company. One 'ok' result says to how many;
 * with no overlay connected nothing reached an overlay, and no row is written (docs/decisions.md).
 */
export function reportOverlayResults(changes: OnAirChanges, connectedCount: (companyId: number) => number): () => void {
  return changes.onChange((change) => {
    const n = connectedCount(change.companyId);
    if (n === 0) return;
    changes.reportResult({
      change,
      output: 'overlay',
      result: 'ok',
      message: `sent to ${n} overlay${n === 1 ? '' : 's'}`,
      at: change.at,
    });
  });
}
