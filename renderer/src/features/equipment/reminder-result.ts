import type { EquipmentReminderResult } from '@shared/contracts/equipment-alerts';

export interface ReminderOutcome {
  /** Green only when the server says the message went out. */
  delivered: boolean;
  text: string;
}

/**
 * The server's own words about the reminder. Only `delivered: true` counts as sent: a reminder
 * recorded while delivery is not set up must not read as a success.
 */
export function reminderOutcome(result: Partial<EquipmentReminderResult>): ReminderOutcome {
  const delivered = result.delivered === true;
  const text = result.message?.trim() || (delivered ? 'Reminder sent' : 'The reminder was not delivered');
  return { delivered, text };
}
