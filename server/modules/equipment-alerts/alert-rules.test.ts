import { describe, expect, it } from 'vitest';
import { afterDueReminderIsDue, beforeDueReminderIsDue, minutesPast, overdueAlertIsDue, timeOf } from './alert-rules';
import { Notifier, type NotificationChannel, type NotificationMessage } from './notification-channel';

const M = 60_000;
const due = Date.parse('2026-11-23T20:00:00Z');

describe('alert rules', () => {
  it('overdue: from the due time, then once per interval; an alert from before an extension does not count', () => {
    expect(overdueAlertIsDue(due, due - 1, null, 240)).toBe(false);
    expect(overdueAlertIsDue(due, due, null, 240)).toBe(true);
    expect(overdueAlertIsDue(due, due + 239 * M, due, 240)).toBe(false);
    expect(overdueAlertIsDue(due, due + 240 * M, due, 240)).toBe(true);
    expect(overdueAlertIsDue(due, due + M, due - 10 * M, 240)).toBe(true);
  });

  it('before due: once inside the last 60 minutes, never after the due time', () => {
    expect(beforeDueReminderIsDue(due, due - 61 * M, null, 60)).toBe(false);
    expect(beforeDueReminderIsDue(due, due - 60 * M, null, 60)).toBe(true);
    expect(beforeDueReminderIsDue(due, due - 5 * M, due - 50 * M, 60)).toBe(false);
    expect(beforeDueReminderIsDue(due, due - 5 * M, due - 2 * 60 * M, 60)).toBe(true);
    expect(beforeDueReminderIsDue(due, due, null, 60)).toBe(false);
  });

  it('after due: once from 30 minutes past due', () => {
    expect(afterDueReminderIsDue(due, due + 29 * M, null, 30)).toBe(false);
    expect(afterDueReminderIsDue(due, due + 30 * M, null, 30)).toBe(true);
    expect(afterDueReminderIsDue(due, due + 90 * M, due + 30 * M, 30)).toBe(false);
  });

  it('reads times defensively', () => {
    expect(minutesPast(due, due + 90.5 * M)).toBe(90);
    expect(minutesPast(due, due - M)).toBe(0);
    expect(timeOf('not a date')).toBeNull();
    expect(timeOf(null)).toBeNull();
    expect(timeOf('2026-11-23T20:00:00+05:00')).toBe(due - 5 * 60 * M);
  });
});

describe('Notifier', () => {
  const message: NotificationMessage = { companyId: 1, kind: 'manual', userId: 2, text: 'Return the camera' };
  const channel = (name: string, deliver: NotificationChannel['deliver']): NotificationChannel => ({ name, deliver });

  it('says not delivered when no channel is configured', async () => {
    expect(await new Notifier([]).deliver(message)).toEqual({
      delivered: false,
      delivery: 'not_delivered',
      reason: 'Telegram delivery is not set up yet',
    });
  });

  it('uses the first channel that delivers and reports every failure otherwise', async () => {
    const seen: string[] = [];
    const broken = channel('sms', () => Promise.reject(new Error('modem offline')));
    const refusing = channel('email', () =>
      Promise.resolve({ delivered: false, delivery: 'failed', reason: 'no address' }),
    );
    const telegram = channel('telegram', (m) => {
      seen.push(m.text);
      return Promise.resolve({ delivered: true, channel: 'telegram' });
    });
    expect(await new Notifier([broken, telegram]).deliver(message)).toEqual({ delivered: true, channel: 'telegram' });
    expect(seen).toEqual(['Return the camera']);
    expect(await new Notifier([broken, refusing]).deliver(message)).toEqual({
      delivered: false,
      delivery: 'failed',
      reason: 'sms: modem offline; email: no address',
    });
  });
});
