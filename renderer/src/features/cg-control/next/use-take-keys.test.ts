import { describe, expect, it } from 'vitest';
import { isTakeChord } from './use-take-keys';

describe('take keys that work while typing (issue 38, point 12)', () => {
  const key = (k: string, mods: Partial<Record<'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey', boolean>> = {}) => ({
    key: k,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    shiftKey: false,
    ...mods,
  });
  it('are F2 and Ctrl+Enter (⌘+Enter), nothing else', () => {
    expect(isTakeChord(key('F2'))).toBe(true);
    expect(isTakeChord(key('Enter', { ctrlKey: true }))).toBe(true);
    expect(isTakeChord(key('Enter', { metaKey: true }))).toBe(true);
    expect(isTakeChord(key('Enter'))).toBe(false);
    expect(isTakeChord(key('Enter', { ctrlKey: true, shiftKey: true }))).toBe(false);
    expect(isTakeChord(key('F2', { altKey: true }))).toBe(false);
    expect(isTakeChord(key('Escape'))).toBe(false);
    // F8 is the app's "go to notifications" (docs/product.md §Limits), never Take.
    expect(isTakeChord(key('F8'))).toBe(false);
  });
});
