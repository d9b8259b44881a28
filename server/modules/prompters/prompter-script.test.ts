import { describe, expect, it } from 'vitest';
import { buildScript, type ScriptItem } from './prompter-script';

let nextId = 1;
const news = (title: string, content: string, extra: Partial<ScriptItem> = {}): ScriptItem => ({
  id: nextId++,
  type: 'news',
  breakType: null,
  newsId: 1,
  newsTitle: title,
  newsSubtitle: null,
  newsContent: content,
  newsDeleted: false,
  ...extra,
});
const brk = (breakType: string): ScriptItem => ({
  ...news('', ''),
  type: 'break',
  breakType,
  newsId: null,
  newsTitle: null,
  newsContent: null,
});

describe('buildScript', () => {
  it('is empty for no items', () => {
    expect(buildScript([])).toEqual({ content: '', sections: [] });
  });

  it('keeps offsets exact across emoji (surrogate pairs), Thaana and empty bodies', () => {
    const script = buildScript([
      news('Fire 🔥 at the port', 'Crews 🚒 arrived.'),
      brk('SPORTS BREAK'),
      news('ދިވެހި', ''),
      news('Last', 'End'),
    ]);
    expect(script.sections.map((s) => s.title)).toEqual(['Fire 🔥 at the port', '— SPORTS BREAK —', 'ދިވެހި', 'Last']);
    for (const s of script.sections) expect(script.content.slice(s.position).startsWith(`**${s.title}**`)).toBe(true);
    expect(script.sections[2]!.content).toBe('**ދިވެހި**');
    expect(script.content.endsWith('**Last**\nEnd')).toBe(true);
  });

  it('folds line breaks in a title so the heading stays one line; skips deleted and foreign articles', () => {
    const script = buildScript([
      news('Two\r\n  lines ', 'Body'),
      news('Deleted', 'x', { newsDeleted: true }),
      news('', '', { newsTitle: null, newsContent: null }),
      brk(''),
    ]);
    expect(script.content).toBe('**Two lines**\nBody');
    expect(script.sections).toHaveLength(1);
  });

  it('reads a headline item as its title and subtitle, and an article-less one as the headlines segment', () => {
    const script = buildScript([
      { ...news('Teaser', 'long body', { newsSubtitle: 'Short line' }), type: 'headline' },
      { ...news('', ''), type: 'headline', newsId: null, newsTitle: null },
    ]);
    expect(script.content).toBe('**Teaser**\nShort line\n\n**— HEADLINES —**');
    expect(script.sections.map((s) => s.position)).toEqual([0, '**Teaser**\nShort line\n\n'.length]);
  });
});
