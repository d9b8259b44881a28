import type { OutputStatusEntry } from '@shared/contracts/outputs';
import type { OutputAlarmNotification } from './notification-types';

/**
 * Bell items for outputs in Error (issue 38). Derived from the live status every desk already
 * holds, like the server's items are derived from the data: an item appears when the output turns
 * Error and goes when it confirms again. Its id carries the start of the failure, so a new
 * failure is a new notification and a failing send is not.
 */
export function outputAlarmItems(statuses: readonly OutputStatusEntry[]): OutputAlarmNotification[] {
  return statuses
    .filter((s) => s.status.state === 'error')
    .map((s) => {
      const since = s.status.failingSince ?? s.status.at;
      return {
        id: `output-error-${s.id}-${since}`,
        type: 'output_error',
        title: `Output failing: ${s.name}`,
        message: s.status.message ?? 'It has not confirmed a send for a while.',
        time: since,
        priority: 'urgent',
      };
    });
}
