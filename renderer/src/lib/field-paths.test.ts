import { describe, expect, it } from 'vitest';
import { equipmentItemPath, fieldBase } from './field-paths';

describe('field paths', () => {
  it('tells the full page from the shell route', () => {
    expect(fieldBase('/field')).toBe('/field');
    expect(fieldBase('/field/equipment/CAM-1')).toBe('/field');
    expect(fieldBase('/mobile-field')).toBe('/mobile-field');
    expect(fieldBase('/mobile-field/equipment/CAM-1')).toBe('/mobile-field');
    expect(fieldBase('/fieldwork')).toBe('/mobile-field');
  });

  it('encodes codes that are not URL-safe', () => {
    expect(equipmentItemPath('CAM-01')).toBe('/field/equipment/CAM-01');
    expect(equipmentItemPath('MIC 2/B')).toBe('/field/equipment/MIC%202%2FB');
    expect(equipmentItemPath('X', '/mobile-field')).toBe('/mobile-field/equipment/X');
  });
});
