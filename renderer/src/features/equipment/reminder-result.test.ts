import { describe, expect, it } from 'vitest';
import { REMINDER_NOT_DELIVERED_MESSAGE } from '@shared/contracts/equipment-alerts';
import { reminderOutcome } from './reminder-result';

describe('reminder outcome', () => {
  it('shows the server message and is a success only when delivered', () => {
    expect(reminderOutcome({ success: true, delivered: true, message: 'Reminder sent' })).toEqual({
      delivered: true,
      text: 'Reminder sent',
    });
    expect(reminderOutcome({ success: false, delivered: false, message: REMINDER_NOT_DELIVERED_MESSAGE })).toEqual({
      delivered: false,
      text: REMINDER_NOT_DELIVERED_MESSAGE,
    });
  });

  it('never invents a success', () => {
    expect(reminderOutcome({})).toEqual({ delivered: false, text: 'The reminder was not delivered' });
    expect(reminderOutcome({ success: true })).toEqual({ delivered: false, text: 'The reminder was not delivered' });
  });
});
