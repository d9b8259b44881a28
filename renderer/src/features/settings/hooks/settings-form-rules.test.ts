import { describe, expect, it } from 'vitest';
import { DEFAULT_TELEGRAM_GROUPS } from '@shared/contracts/settings';
import { withLeadingMinus } from './use-group-tools';
import { REMINDER_RANGE_TEXT, changedGroups, reminderProblem } from './use-telegram-groups-form';

describe('settings form rules', () => {
  it('sends only the group fields that differ from the saved ones', () => {
    const saved = { ...DEFAULT_TELEGRAM_GROUPS, primaryGroupId: '-100' };
    expect(
      changedGroups(saved, { primaryGroupId: '-100', breakingNewsTopicId: '3', enableOverdueAlerts: false }),
    ).toEqual({
      breakingNewsTopicId: '3',
      enableOverdueAlerts: false,
    });
    expect(changedGroups(saved, {})).toEqual({});
  });

  it('accepts reminder intervals of 30 to 1440 whole minutes', () => {
    expect(reminderProblem(30)).toBeNull();
    expect(reminderProblem(1440)).toBeNull();
    expect(reminderProblem(240)).toBeNull();
    for (const bad of [29, 1441, 90.5, Number.NaN]) expect(reminderProblem(bad)).toBe(REMINDER_RANGE_TEXT);
  });

  it('adds the minus a Telegram group id needs, once', () => {
    expect(withLeadingMinus('12345')).toBe('-12345');
    expect(withLeadingMinus(' -100123 ')).toBe('-100123');
  });
});
