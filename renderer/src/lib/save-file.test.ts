import { describe, expect, it } from 'vitest';
import { fileNameFrom } from './save-file';

describe('fileNameFrom', () => {
  it.each([
    ['attachment; filename="equipment-2026-11-25.csv"', 'equipment-2026-11-25.csv'],
    ["attachment; filename*=UTF-8''%DE%90%DE%AC.txt", 'ސެ.txt'],
    ['attachment; filename=headline.txt', 'headline.txt'],
  ])('%s → %s', (disposition, name) => {
    expect(fileNameFrom(disposition, 'fallback.txt')).toBe(name);
  });

  it('falls back without a header or a name', () => {
    expect(fileNameFrom(null, 'fallback.txt')).toBe('fallback.txt');
    expect(fileNameFrom('attachment', 'fallback.txt')).toBe('fallback.txt');
  });
});
