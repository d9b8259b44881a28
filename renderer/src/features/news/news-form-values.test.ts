import { describe, expect, it } from 'vitest';
import { emptyNewsForm, toNewsBody } from './news-form-values';

describe('toNewsBody', () => {
  it('names the missing required fields', () => {
    const parsed = toNewsBody(emptyNewsForm());
    expect(parsed).toEqual({ ok: false, errors: { title: 'Title is required', content: 'Content is required' } });
  });

  it('trims, clears a blank subtitle and keeps the default category', () => {
    const parsed = toNewsBody({
      ...emptyNewsForm(),
      title: '  ވަނަ ޚަބަރު ',
      subtitle: '   ',
      content: 'Body',
      category: ' ',
    });
    expect(parsed).toEqual({
      ok: true,
      body: { title: 'ވަނަ ޚަބަރު', subtitle: null, content: 'Body', category: 'General', priority: 'normal' },
    });
  });
});
