import { describe, expect, it } from 'vitest';
import { activityBadgeColor, activityBadgeLabel, humaniseAction } from './activity-badge';

describe('activity badges', () => {
  it('uses the spec badge for known actions', () => {
    expect(activityBadgeLabel('equipment_checked_out')).toBe('Checked Out');
    expect(activityBadgeLabel('news_created')).toBe('Created');
    expect(activityBadgeColor('Deleted')).toBe('red');
  });

  it('humanises unknown actions and gives them a neutral colour', () => {
    expect(humaniseAction('settings_changed')).toBe('Settings Changed');
    expect(humaniseAction('API-key  revoked')).toBe('Api Key Revoked');
    expect(activityBadgeLabel('bulletin_reordered')).toBe('Bulletin Reordered');
    expect(activityBadgeColor('Bulletin Reordered')).toBe('gray');
  });
});
