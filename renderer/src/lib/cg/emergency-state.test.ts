import { describe, expect, it } from 'vitest';
import { emergencyText } from './emergency-state';
import { cgFileOf } from '../test-fixtures';

describe('emergencyText', () => {
  it("knows a station's first emergency from the live channel before the CG list has its row", () => {
    expect(emergencyText([cgFileOf('headline', 'News')], 'FLOOD WARNING')).toBe('FLOOD WARNING');
  });

  it("follows the list's row once it has one (the row is patched live too)", () => {
    expect(emergencyText([cgFileOf('emergency', 'FLOOD WARNING')], '')).toBe('FLOOD WARNING');
    expect(emergencyText([cgFileOf('emergency', '')], 'OLD')).toBe('');
  });

  it('reads the list alone when the channel has said nothing since the page loaded', () => {
    expect(emergencyText([cgFileOf('headline', 'News')], null)).toBe('');
    expect(emergencyText(undefined, null)).toBe('');
    expect(emergencyText(undefined, 'FIRE')).toBe('FIRE');
  });
});
