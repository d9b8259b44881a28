import { describe, expect, it } from 'vitest';
import { textDirection } from './text-direction';

describe('textDirection', () => {
  it('is rtl when the first letter is Thaana, Arabic or Hebrew', () => {
    expect(textDirection('ދިވެހި ޚަބަރު')).toBe('rtl');
    expect(textDirection('  2025: عاجل')).toBe('rtl');
    expect(textDirection('«שלום»')).toBe('rtl');
  });

  it('is ltr for Latin first, digits only, or nothing', () => {
    expect(textDirection('BREAKING: ދިވެހި')).toBe('ltr');
    expect(textDirection('Élection')).toBe('ltr');
    expect(textDirection('12:30')).toBe('ltr');
    expect(textDirection('')).toBe('ltr');
  });
});
