import { describe, expect, it } from 'vitest';
import type { CgFile } from '@shared/contracts/cg-files';
import { emergencyText } from './emergency-state';

const file = (type: CgFile['type'], content: string): CgFile => ({
  id: 1,
  fileName: `${type}.txt`,
  content,
  type,
  companyId: 1,
  updatedBy: 1,
  outputPath: null,
  updatedAt: '2026-11-27T08:00:00.000Z',
});

describe('emergencyText', () => {
  it("knows a station's first emergency from the live channel before the CG list has its row", () => {
    expect(emergencyText([file('headline', 'News')], 'FLOOD WARNING')).toBe('FLOOD WARNING');
  });

  it("follows the list's row once it has one (the row is patched live too)", () => {
    expect(emergencyText([file('emergency', 'FLOOD WARNING')], '')).toBe('FLOOD WARNING');
    expect(emergencyText([file('emergency', '')], 'OLD')).toBe('');
  });

  it('reads the list alone when the channel has said nothing since the page loaded', () => {
    expect(emergencyText([file('headline', 'News')], null)).toBe('');
    expect(emergencyText(undefined, null)).toBe('');
    expect(emergencyText(undefined, 'FIRE')).toBe('FIRE');
  });
});
