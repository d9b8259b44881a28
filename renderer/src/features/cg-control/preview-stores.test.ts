import { beforeEach, describe, expect, it } from 'vitest';
import { useHeadlineEditor } from './headline-editor-store';
import { usePreviewStore } from './preview-store';
import { newsOf } from '@/lib/test-fixtures';

const preview = () => usePreviewStore.getState();
const editor = () => useHeadlineEditor.getState();

describe('preview store', () => {
  beforeEach(() => {
    usePreviewStore.setState({
      liveMode: false,
      autoPlay: false,
      newsIndex: 0,
      bulletinIndex: 0,
      selectedBulletinId: null,
      cgType: 'headline',
    });
  });

  it('steps with wrap-around, separately per mode', () => {
    expect(preview().step(-1, 3)).toBe(2);
    expect(preview().step(1, 3)).toBe(0);
    preview().toggleLiveMode();
    expect(preview().step(1, 2)).toBe(1);
    expect(preview().newsIndex).toBe(0);
    expect(preview().bulletinIndex).toBe(1);
  });

  it('the Bulletin/Live toggle resets auto-play to off', () => {
    preview().toggleLiveMode();
    preview().setAutoPlay(true);
    preview().toggleLiveMode();
    expect(preview().autoPlay).toBe(false);
    expect(preview().liveMode).toBe(false);
  });

  it('choosing another bulletin resets to item 0 and stops auto-play', () => {
    preview().toggleLiveMode();
    preview().step(1, 3);
    preview().setAutoPlay(true);
    preview().selectBulletin(7);
    expect(preview()).toMatchObject({ selectedBulletinId: 7, bulletinIndex: 0, autoPlay: false });
  });

  it('jumps inside the list', () => {
    expect(preview().jump(5, 3)).toBe(2);
    expect(preview().newsIndex).toBe(2);
  });
});

describe('headline editor store', () => {
  beforeEach(() => {
    useHeadlineEditor.setState({ headline: '', subheadline: '', seeded: false, selected: null });
  });

  it('seeds once, CG files first', () => {
    editor().seed({ headline: 'On air', subheadline: 'Below' }, true, newsOf(1));
    editor().seed({ headline: 'Later', subheadline: '' }, true, null);
    expect(editor()).toMatchObject({ headline: 'On air', subheadline: 'Below', selected: { id: 1, title: 'Story 1' } });
  });

  it('lets news fill only an empty headline', () => {
    editor().setHeadline('typed already');
    editor().seed({ headline: 'Story 1', subheadline: 'Sub 1' }, false, newsOf(1));
    expect(editor().headline).toBe('typed already');
  });

  it('Edit loads an article; Breaking Format uses its title', () => {
    editor().loadNews(newsOf(4, { title: 'Storm warning', subtitle: null }));
    expect(editor()).toMatchObject({ headline: 'Storm warning', subheadline: '' });
    editor().breakingFormat();
    expect(editor()).toMatchObject({ headline: 'BREAKING NEWS', subheadline: 'Storm warning' });
  });
});
