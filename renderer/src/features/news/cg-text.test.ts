import { describe, expect, it } from 'vitest';
import { cgTextFromArticle } from './cg-text';

const article = { title: 'Budget passed', subtitle: 'Vote 52 to 30', content: 'Parliament passed the budget.' };

describe('cgTextFromArticle', () => {
  it('sends the title, the subtitle or the content as they are', () => {
    expect(cgTextFromArticle(article, 'title', '')).toBe('Budget passed');
    expect(cgTextFromArticle(article, 'subtitle', '')).toBe('Vote 52 to 30');
    expect(cgTextFromArticle(article, 'content', '')).toBe('Parliament passed the budget.');
  });

  it('puts the subtitle on a second line for both', () => {
    expect(cgTextFromArticle(article, 'both', '')).toBe('Budget passed\nVote 52 to 30');
  });

  it('falls back to the title alone for both when there is no subtitle', () => {
    expect(cgTextFromArticle({ ...article, subtitle: null }, 'both', '')).toBe('Budget passed');
    expect(cgTextFromArticle({ ...article, subtitle: '' }, 'both', '')).toBe('Budget passed');
  });

  it('has nothing to send for a missing subtitle', () => {
    expect(cgTextFromArticle({ ...article, subtitle: null }, 'subtitle', '')).toBeNull();
  });

  it('trims custom text and has nothing to send when it is blank', () => {
    expect(cgTextFromArticle(article, 'custom', '  Polls close at 6  \n')).toBe('Polls close at 6');
    expect(cgTextFromArticle(article, 'custom', ' \n ')).toBeNull();
  });

  it('ignores custom text for the other sources', () => {
    expect(cgTextFromArticle(article, 'title', 'ignored')).toBe('Budget passed');
  });
});
