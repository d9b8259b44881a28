import { describe, expect, it } from 'vitest';
import { initialHeadlines } from './headline-defaults';
import { autoPlayActive, canNavigate, clampIndex, wrapIndex } from './preview-cycle';
import { activeBulletin, bulletinLabel, bulletinPreviewItems, newsPreviewItems, titleToPush } from './preview-items';
import { bulletinOf, cgFileOf, itemOf, newsOf } from '@/lib/test-fixtures';

describe('preview cycling', () => {
  it('wraps at both ends', () => {
    expect(wrapIndex(2, 1, 3)).toBe(0);
    expect(wrapIndex(0, -1, 3)).toBe(2);
    expect(wrapIndex(1, 1, 3)).toBe(2);
    expect(wrapIndex(0, 1, 0)).toBe(0);
  });

  it('pulls a stale index back into a shrunken list', () => {
    expect(clampIndex(5, 2)).toBe(1);
    expect(clampIndex(-1, 2)).toBe(0);
    expect(clampIndex(3, 0)).toBe(0);
  });

  it('disables navigation with one item or fewer, or while pending', () => {
    expect(canNavigate(0, false)).toBe(false);
    expect(canNavigate(1, false)).toBe(false);
    expect(canNavigate(2, false)).toBe(true);
    expect(canNavigate(2, true)).toBe(false);
  });

  it('auto-plays only in live mode with auto-play on and something to cycle', () => {
    expect(autoPlayActive(true, true, 2)).toBe(true);
    expect(autoPlayActive(false, true, 2)).toBe(false);
    expect(autoPlayActive(true, false, 2)).toBe(false);
    expect(autoPlayActive(true, true, 1)).toBe(false);
  });
});

describe('preview items', () => {
  it('keeps news approved for air (approved or published, issue 39), in list order', () => {
    const items = newsPreviewItems([
      newsOf(3),
      newsOf(2, { status: 'draft' }),
      newsOf(1, { status: 'published' }),
      newsOf(0),
    ]);
    expect(items.map((i) => i.title)).toEqual(['Story 3', 'Story 1', 'Story 0']);
  });

  it('orders a bulletin by sortOrder and drops news that is not approved', () => {
    const bulletin = bulletinOf(1, [
      itemOf(1, { sortOrder: 3 }),
      itemOf(2, {
        sortOrder: 1,
        type: 'break',
        newsId: null,
        newsTitle: null,
        newsStatus: null,
        breakType: 'SPORTS BREAK',
      }),
      itemOf(3, { sortOrder: 2, newsStatus: 'draft' }),
      itemOf(5, { sortOrder: 5, newsTitle: 'Published', newsStatus: 'published' }),
      // An article deleted after it was put in the bulletin: shown as removed, never sent.
      itemOf(4, { sortOrder: 4, newsTitle: 'Stale', newsStatus: 'approved', articleRemoved: true }),
    ]);
    const items = bulletinPreviewItems(bulletin);
    expect(items.map((i) => [i.kind, i.title])).toEqual([
      ['break', 'SPORTS BREAK'],
      ['news', 'Item 1'],
      ['news', 'Published'],
    ]);
    expect(bulletinPreviewItems(undefined)).toEqual([]);
  });

  it('pushes a title only for news items', () => {
    const [news, brk] = bulletinPreviewItems(
      bulletinOf(1, [itemOf(1), itemOf(2, { type: 'break', newsTitle: null, breakType: 'LOCAL BREAK' })]),
    );
    expect(titleToPush(news)).toBe('Item 1');
    expect(titleToPush(brk)).toBeNull();
    expect(titleToPush(undefined)).toBeNull();
  });

  it('uses the first bulletin when none (or a vanished one) is selected', () => {
    const list = [bulletinOf(9, []), bulletinOf(4, [])];
    expect(activeBulletin(list, null)?.id).toBe(9);
    expect(activeBulletin(list, 4)?.id).toBe(4);
    expect(activeBulletin(list, 77)?.id).toBe(9);
    expect(activeBulletin([], null)).toBeUndefined();
  });

  it('labels a bulletin by the first 30 characters of its content', () => {
    expect(bulletinLabel(bulletinOf(1, [], 'Short'))).toBe('Short');
    expect(bulletinLabel(bulletinOf(1, [], 'A'.repeat(40)))).toBe(`${'A'.repeat(30)}…`);
    expect(bulletinLabel(bulletinOf(1, [], '  '))).toBe('Title 1');
  });
});

describe('headline editor defaults', () => {
  it('starts from the headline and subheadline files when CG files exist', () => {
    const files = [cgFileOf('subheadline', 'Sub on air'), cgFileOf('infoline', 'x')];
    expect(initialHeadlines(files, [newsOf(1)])).toEqual({ headline: '', subheadline: 'Sub on air' });
  });

  it('otherwise takes the first approved article, else the first article', () => {
    expect(initialHeadlines([], [newsOf(1, { status: 'draft' }), newsOf(2)])).toEqual({
      headline: 'Story 2',
      subheadline: 'Sub 2',
    });
    expect(initialHeadlines([], [newsOf(1, { status: 'draft', subtitle: null })])).toEqual({
      headline: 'Story 1',
      subheadline: '',
    });
    expect(initialHeadlines([], [])).toBeNull();
  });
});
