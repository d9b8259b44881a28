import { describe, expect, it } from 'vitest';
import { reminderOutcome } from './reminder-result';

describe('reminder outcome', () => {
  it('shows the server message and is a success only when delivered', () => {
    expect(reminderOutcome({ success: true, delivered: true, message: 'Reminder sent to Ali' })).toEqual({ delivered: true, text: 'Reminder sent to Ali' });
    expect(reminderOutcome({ success: true, delivered: false, message: 'Telegram is not set up: reminder recorded, not delivered' })).toEqual({
      delivered: false,
      text: 'Telegram is not set up: reminder recorded, not delivered',
    });
  });

  it('never invents a success', () => {
    expect(reminderOutcome({})).toEqual({ delivered: false, text: 'The reminder was not delivered' });
    expect(reminderOutcome({ success: false })).toEqual({ delivered: false, text: 'The reminder was not delivered' });
  });
});
