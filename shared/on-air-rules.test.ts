import { describe, expect, it } from 'vitest';
import { foldLineBreaks, onAirTextProblem, ON_AIR_RULES, textLength } from './on-air-rules';
import { CG_WRITABLE_TYPES } from './constants';

describe('on-air rules', () => {
  it('has a rule for every writable CG type', () => {
    expect(Object.keys(ON_AIR_RULES).sort()).toEqual([...CG_WRITABLE_TYPES].sort());
  });

  it('refuses line breaks on single-line types and names the rule', () => {
    expect(onAirTextProblem('headline', 'a\nb')).toBe('Headline must be a single line');
    expect(onAirTextProblem('headline', 'a\u2028b')).toBe('Headline must be a single line');
    expect(onAirTextProblem('emergency', 'a\nb')).toBeNull();
  });

  it('refuses control characters everywhere', () => {
    expect(onAirTextProblem('headline', 'a\u0007b')).toBe('Headline must not contain control characters');
    expect(onAirTextProblem('news_crawler', 'a\tb')).toBe('News crawler must not contain control characters');
    expect(onAirTextProblem('emergency', 'a\u0085b')).toBe('Emergency must not contain control characters');
  });

  it('counts code points against the maximum', () => {
    expect(onAirTextProblem('headline', 'x'.repeat(120))).toBeNull();
    expect(onAirTextProblem('headline', 'x'.repeat(121))).toBe(
      'Headline must be at most 120 characters (this text has 121)',
    );
    expect(textLength('😀ދ')).toBe(2);
    expect(onAirTextProblem('timer', '😀'.repeat(16))).toBeNull();
  });

  it('limits the lines of multi-line types', () => {
    expect(onAirTextProblem('emergency', 'a\nb\nc\nd')).toBe('Emergency holds at most 3 lines (this text has 4)');
    expect(onAirTextProblem('news_crawler', ['ok', 'y'.repeat(501)].join('\n'))).toBe(
      'Each line of news crawler must be at most 500 characters (this text has 501)',
    );
  });

  it('allows empty text (it clears the graphic)', () => {
    for (const type of CG_WRITABLE_TYPES) expect(onAirTextProblem(type, '')).toBeNull();
  });

  it('folds pasted line breaks to single spaces', () => {
    expect(foldLineBreaks('one\r\n\r\n  two\nthree\tfour')).toBe('one two three four');
  });
});
