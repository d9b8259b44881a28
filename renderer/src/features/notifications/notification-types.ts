import type { ClientNotification as RuleNotification } from '@shared/notification-rules';

/** An output in Error (issue 38): the bell says so once per failure, for as long as it lasts. */
export interface OutputAlarmNotification extends Omit<RuleNotification, 'type'> {
  type: 'output_error';
}

/** A bell item: the server's (docs/product.md §Data, built by the shared rules) or an output alarm. */
export type ClientNotification = RuleNotification | OutputAlarmNotification;
