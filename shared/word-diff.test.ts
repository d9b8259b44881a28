import { describe, expect, it } from 'vitest';
import { diffWords, tokenize } from './word-diff';

const join = (parts: ReturnType<typeof diffWords>, keep: 'add' | 'del') =>
  parts
    .filter((p) => p.op !== keep)
    .map((p) => p.text)
    .join('');

describe('diffWords', () => {
  it('marks the changed words only, and both sides join back to their exact text', () => {
    const before = 'The minister said the budget passes today.';
    const after = 'The minister said the new budget fails today.';
    const parts = diffWords(before, after);
    expect(join(parts, 'add')).toBe(before);
    expect(join(parts, 'del')).toBe(after);
    expect(parts.filter((p) => p.op === 'del').map((p) => p.text.trim())).toEqual(['passes']);
    expect(parts.filter((p) => p.op === 'add').map((p) => p.text.trim())).toEqual(['new', 'fails']);
  });

  it('equal texts are one same part; empty sides are one add or one del', () => {
    expect(diffWords('a b', 'a b')).toEqual([{ op: 'same', text: 'a b' }]);
    expect(diffWords('', 'new text')).toEqual([{ op: 'add', text: 'new text' }]);
    expect(diffWords('old text', '')).toEqual([{ op: 'del', text: 'old text' }]);
  });

  it('keeps Thaana words and line breaks whole', () => {
    expect(tokenize('ދިވެހި ބަސް\nline')).toEqual(['ދިވެހި', ' ', 'ބަސް', '\n', 'line']);
    const parts = diffWords('ދިވެހި ބަސް', 'ދިވެހި ރާއްޖެ');
    expect(parts).toEqual([
      { op: 'same', text: 'ދިވެހި ' },
      { op: 'del', text: 'ބަސް' },
      { op: 'add', text: 'ރާއްޖެ' },
    ]);
  });

  it('a long story with one word changed in the middle still diffs to that word, and a huge rewrite is a plain replace', () => {
    const words = Array.from({ length: 20_000 }, (_, i) => `w${i}`);
    const changed = [...words];
    changed[10_000] = 'CHANGED';
    const parts = diffWords(words.join(' '), changed.join(' '));
    expect(parts.filter((p) => p.op !== 'same')).toEqual([
      { op: 'del', text: 'w10000' },
      { op: 'add', text: 'CHANGED' },
    ]);
    const a = Array.from({ length: 3000 }, (_, i) => `a${i}`).join(' ');
    const b = Array.from({ length: 3000 }, (_, i) => `b${i}`).join(' ');
    expect(diffWords(a, b)).toEqual([
      { op: 'del', text: a },
      { op: 'add', text: b },
    ]);
  });
});
