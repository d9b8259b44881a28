import type { ReminderResult } from './api/equipment-requests';

export interface ReminderOutcome {
  /** Green only when the server says the message went out. */
  delivered: boolean;
  text: string;
}

/**
 * The server's own words about the reminder. Only an explicit delivered/success true counts as
 * sent: a reminder recorded while delivery is not set up must not read as a success.
 */
export function reminderOutcome(result: ReminderResult): ReminderOutcome {
  const delivered = result.delivered ?? result.success ?? false;
  const text = result.message?.trim() || (delivered ? 'Reminder sent' : 'The reminder was not delivered');
  return { delivered, text };
}
