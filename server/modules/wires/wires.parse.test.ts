import { describe, expect, it } from 'vitest';
import { rss, type FakeItem } from '../../test/fake-feeds';
import { parseFeed, plainText } from './wires.parse';
import { SLICE_BYTES, xmlSlices } from './wires.slices';

const items = (n: number): FakeItem[] =>
  Array.from({ length: n }, (_, i) => ({
    guid: `g${i}`,
    title: `Story ${i}`,
    description: `<p>${'Body text. '.repeat(40)}${i}</p>`,
    link: `http://example.test/${i}`,
    date: new Date(Date.now() - i * 60_000).toISOString(),
  }));

describe('parseFeed in slices', () => {
  it('reads a 2 000-item RSS feed a slice at a time and loses no item', async () => {
    const xml = rss('Big', items(2000));
    const slices = [...xmlSlices(xml)];
    expect(slices.length).toBeGreaterThan(10);
    // Each slice is a small, whole document: the head, a run of items, the tail.
    for (const slice of slices) {
      expect(slice.length).toBeLessThan(SLICE_BYTES + 2_000);
      expect(slice.endsWith('</channel></rss>')).toBe(true);
    }
    let pauses = 0;
    const entries = await parseFeed(xml, 'application/rss+xml', () => {
      pauses++;
      return Promise.resolve();
    });
    expect(pauses).toBe(slices.length);
    expect(entries.map((e) => e.guid)).toEqual(items(2000).map((i) => i.guid));
    expect(entries[1999]?.summary.endsWith('1999')).toBe(true);
  });

  it('refuses a document broken after its items, and JSON without an items list', async () => {
    const broken = rss('Broken', items(3)).replace('</channel></rss>', '</chann');
    await expect(parseFeed(broken, 'text/xml', () => Promise.resolve())).rejects.toThrow(
      /Not a readable RSS, Atom or JSON feed/,
    );
    await expect(parseFeed('{"title":"x"}', 'application/json', () => Promise.resolve())).rejects.toThrow(
      /no items list/,
    );
    await expect(parseFeed('{not json', 'application/json', () => Promise.resolve())).rejects.toThrow(/Not a readable/);
  });

  it('does not cut at <items> (RSS 1.0 channel index) and keeps a document without items whole', () => {
    expect([...xmlSlices('<rdf:RDF><channel><items><rdf:Seq/></items></channel></rdf:RDF>')]).toHaveLength(1);
  });
});

describe('plainText', () => {
  it('drops markup and what script/style hold, joins inline tags, decodes entities, caps length', () => {
    expect(plainText('<p>Vote <b>today</b>.</p><script>alert(1)</script><style>p{}</style>', 100)).toBe('Vote today.');
    expect(plainText('Rain &amp; wind &#8212; &#x1F600; &bogus;', 100)).toBe('Rain & wind — 😀 &bogus;');
    expect(plainText('a'.repeat(50), 10)).toBe(`${'a'.repeat(9)}…`);
  });
});
