import { describe, expect, it } from 'vitest';
import { cgChangesFromArticle } from './cg-from-news';

const article = { title: 'Budget passed', subtitle: 'Vote 52 to 30', content: 'Parliament passed the budget.' };

describe('cgChangesFromArticle', () => {
  it('airs a title on the headline together with its subtitle, or an empty subheadline', () => {
    expect(cgChangesFromArticle(article, 'headline', 'title')).toEqual([
      { type: 'headline', content: 'Budget passed' },
      { type: 'subheadline', content: 'Vote 52 to 30' },
    ]);
    expect(cgChangesFromArticle({ ...article, subtitle: null }, 'headline', 'both')).toEqual([
      { type: 'headline', content: 'Budget passed' },
      { type: 'subheadline', content: '' },
    ]);
  });

  it('puts "both" on two lines only where the type is multi-line', () => {
    expect(cgChangesFromArticle(article, 'emergency', 'both')).toEqual([
      { type: 'emergency', content: 'Budget passed\nVote 52 to 30' },
    ]);
    expect(cgChangesFromArticle(article, 'infoline', 'both')).toEqual([
      { type: 'infoline', content: 'Budget passed — Vote 52 to 30' },
    ]);
  });

  it('has nothing to send without a subtitle or custom text', () => {
    expect(cgChangesFromArticle({ ...article, subtitle: '' }, 'titlebar', 'subtitle')).toBeNull();
    expect(cgChangesFromArticle(article, 'titlebar', 'custom', ' \n ')).toBeNull();
    expect(cgChangesFromArticle(article, 'titlebar', 'custom', '  Polls close at 6 ')).toEqual([
      { type: 'titlebar', content: 'Polls close at 6' },
    ]);
  });
});
