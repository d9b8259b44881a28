import { describe, expect, it } from 'vitest';
import { estimateNewsSeconds, formatSeconds, overUnderText } from '@shared/bulletin-running-time';
import { bulletinOf, itemOf } from '@/lib/test-fixtures';
import {
  breakItem,
  broadcastFromScheduled,
  bulletinFormFrom,
  emptyBulletinForm,
  moveItem,
  plannedSeconds,
  REMOVED_LABEL,
  scheduledAtBroadcast,
  timesInStep,
  toBulletinBody,
} from './bulletin-form-values';
import { userLookupText } from './bulletin-format';

describe('bulletin form values', () => {
  it('checks the spec’s messages before sending', () => {
    const result = toBulletinBody({ ...emptyBulletinForm(), scheduledTime: '', duration: 0 });
    expect(result).toEqual({
      ok: false,
      errors: {
        title: 'Title is required',
        broadcastTime: 'Broadcast time is required',
        duration: 'Duration is required',
        scheduledTime: 'Scheduled time is required',
        items: 'Please add at least one item to the bulletin',
      },
    });
  });

  it('sends items in display order with entered seconds only', () => {
    const brk = { ...breakItem('LUI HABARU'), seconds: 90 };
    const result = toBulletinBody({
      title: ' Morning ',
      broadcastTime: '09:00',
      duration: 30,
      scheduledTime: '2026-11-23T09:00',
      items: [brk, breakItem('LOCAL BREAK')],
    });
    expect(result.ok && result.body.bulletinItems).toEqual([
      { type: 'break', newsId: null, breakType: 'LUI HABARU', durationSeconds: 90 },
      { type: 'break', newsId: null, breakType: 'LOCAL BREAK', durationSeconds: null },
    ]);
    expect(result.ok && result.body.title).toBe('Morning');
  });

  it('reads a bulletin back, removed articles labelled, estimates kept apart from entered seconds', () => {
    const b = bulletinOf(1, [
      itemOf(1, { durationSeconds: 40, durationEstimated: true }),
      itemOf(2, { articleRemoved: true, newsTitle: null, durationSeconds: 25, durationEstimated: false }),
    ]);
    const form = bulletinFormFrom(b);
    expect(form.items.map((i) => [i.label, i.seconds, i.estimate])).toEqual([
      ['Item 1', null, 40],
      [REMOVED_LABEL, 25, 30],
    ]);
    expect(plannedSeconds(form.items)).toBe(65);
  });

  it('moves items and refuses no-op moves', () => {
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b'], 1, 1)).toBeNull();
    expect(moveItem(['a', 'b'], -1, 0)).toBeNull();
  });
});

describe('running time text', () => {
  it('estimates at 3 words a second with a 10 s floor, and says over or under', () => {
    expect(estimateNewsSeconds('One two three', 'four five six seven eight nine ' + 'w '.repeat(51))).toBe(20);
    expect(estimateNewsSeconds('Short', '')).toBe(10);
    expect(formatSeconds(75)).toBe('1:15');
    expect(overUnderText(1815, 30)).toEqual({ text: '+0:15 over', over: true });
    expect(overUnderText(1680, 30)).toEqual({ text: '2:00 under', over: false });
    expect(overUnderText(1800, 30)).toEqual({ text: 'on time', over: false });
  });
});

describe('user lookup text', () => {
  it('name, else User {id} when the list is known, else ID: {id}', () => {
    const users = [{ id: 4, fullName: 'Aisha', username: 'aisha' }] as unknown as Parameters<typeof userLookupText>[2];
    expect(userLookupText(4, 'From server', users)).toBe('From server');
    expect(userLookupText(4, null, users)).toBe('Aisha');
    expect(userLookupText(9, null, users)).toBe('User 9');
    expect(userLookupText(9, null, undefined)).toBe('ID: 9');
  });
});

describe('broadcast time and scheduled time in step (issue 39 point 5)', () => {
  it('are in step when the broadcast time is blank or the scheduled time’s clock', () => {
    expect(timesInStep('', '2026-11-28T21:00')).toBe(true);
    expect(timesInStep('21:00', '2026-11-28T21:00')).toBe(true);
    expect(timesInStep('9 PM', '2026-11-28T21:00')).toBe(true);
    expect(timesInStep('20:00', '2026-11-28T21:00')).toBe(false);
    expect(timesInStep('after the match', '2026-11-28T21:00')).toBe(false);
  });

  it('fill one from the other: the clock of the scheduled time, or the scheduled time at the broadcast clock', () => {
    expect(broadcastFromScheduled('2026-11-28T06:30')).toBe('06:30');
    expect(broadcastFromScheduled('')).toBeNull();
    expect(scheduledAtBroadcast('2026-11-28T06:30', '21:15')).toBe('2026-11-28T21:15');
    expect(scheduledAtBroadcast('2026-11-28T06:30', '9:05 pm')).toBe('2026-11-28T21:05');
    // Half-typed or free text leaves the scheduled time alone.
    expect(scheduledAtBroadcast('2026-11-28T06:30', '21:')).toBeNull();
  });
});
