import { describe, expect, it } from 'vitest';
import { cgChangesFromArticle } from '@shared/cg-from-news';
import type { PrompterSection } from '@shared/contracts/prompters';
import { sectionCgAction } from './section-cg';

const section = (over: Partial<PrompterSection>): PrompterSection => ({
  id: 1,
  kind: 'news',
  newsId: 7,
  title: 'Parliament passes budget',
  position: 0,
  content: '',
  ...over,
});

/** What the server makes of the body: shared/cg-from-news.ts applied to the article. */
function onAir(subtitle: string | null) {
  const action = sectionCgAction(section({}));
  if (action.kind !== 'story') throw new Error('expected a story');
  const { cgType, contentSource } = action.body;
  if (!cgType || !contentSource) throw new Error('the body names the CG type and the source');
  return cgChangesFromArticle({ title: 'Parliament passes budget', subtitle, content: '' }, cgType, contentSource);
}

describe('sectionCgAction (issue 22: Space sends headline and subheadline together)', () => {
  it('a story section airs its article on the headline, by id, so the server builds both lines', () => {
    expect(sectionCgAction(section({}))).toEqual({
      kind: 'story',
      newsId: 7,
      title: 'Parliament passes budget',
      body: { cgType: 'headline', contentSource: 'title' },
    });
    expect(sectionCgAction(section({ kind: 'headline', newsId: 9, title: 'Teaser' }))).toMatchObject({
      kind: 'story',
      newsId: 9,
    });
  });

  it('the body brings the subtitle to the subheadline, or clears it when there is none', () => {
    expect(onAir('Vote 52 to 31')).toEqual([
      { type: 'headline', content: 'Parliament passes budget' },
      { type: 'subheadline', content: 'Vote 52 to 31' },
    ]);
    expect(onAir(null)).toEqual([
      { type: 'headline', content: 'Parliament passes budget' },
      { type: 'subheadline', content: '' },
    ]);
    expect(onAir('   ')?.[1]).toEqual({ type: 'subheadline', content: '' });
  });

  // Issue 38, point 6: clearing only the subheadline left the previous story's headline alone on air.
  it('a break or the headlines marker takes the lower third off air: headline and subheadline in one call', () => {
    const clear = { type: 'headline', content: '', subheadline: '', sentFrom: 'prompter' };
    expect(sectionCgAction(section({ kind: 'break', newsId: null, title: '— LUI HABARU —' }))).toEqual({
      kind: 'clear-lower-third',
      title: '— LUI HABARU —',
      body: clear,
    });
    expect(sectionCgAction(section({ kind: 'headline', newsId: null, title: '— HEADLINES —' }))).toEqual({
      kind: 'clear-lower-third',
      title: '— HEADLINES —',
      body: clear,
    });
  });
});
