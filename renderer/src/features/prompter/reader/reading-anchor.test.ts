import { describe, expect, it } from 'vitest';
import type { PrompterSection } from '@shared/contracts/prompters';
import { anchorAt, charPositionAt, positionOfAnchor, positionOfChar } from './reading-anchor';

const section = (id: number, position: number, content: string): PrompterSection => ({
  id,
  kind: 'news',
  newsId: id,
  title: `S${id}`,
  position,
  content,
});

describe('reading anchor', () => {
  const sections = [section(1, 0, 'a'.repeat(100)), section(2, 102, 'b'.repeat(300)), section(3, 404, 'c'.repeat(50))];
  const boxes = [
    { top: 0, height: 200 },
    { top: 200, height: 600 },
    { top: 800, height: 100 },
  ];

  it('keeps the same section and line when items are inserted above and the section grows', () => {
    const anchor = anchorAt(sections, boxes, 350)!;
    expect(anchor).toEqual({ sectionId: 2, sectionIndex: 1, offsetPx: 150 });
    const newSections = [section(9, 0, 'new'), ...sections];
    const newBoxes = [
      { top: 0, height: 120 },
      { top: 120, height: 200 },
      { top: 320, height: 700 },
      { top: 1020, height: 100 },
    ];
    expect(positionOfAnchor(anchor, newSections, newBoxes)).toBe(470);
  });

  it('keeps a place above the first section (the top margin) instead of snapping to it', () => {
    const margin = [{ top: 20, height: 180 }, ...boxes.slice(1)];
    const anchor = anchorAt(sections, margin, 0)!;
    expect(anchor.offsetPx).toBe(-20);
    expect(positionOfAnchor(anchor, sections, margin)).toBe(0);
  });

  it('falls back to the nearest section when the read section was removed', () => {
    const anchor = anchorAt(sections, boxes, 850)!;
    expect(positionOfAnchor(anchor, sections.slice(0, 2), boxes.slice(0, 2))).toBe(200);
    expect(positionOfAnchor(anchor, [], [])).toBe(0);
  });

  it('maps pixels to character offsets and back on another layout (follower screens)', () => {
    const chars = charPositionAt(sections, boxes, 500); // half-way into section 2
    expect(chars).toBe(102 + 150);
    const phoneBoxes = [
      { top: 0, height: 400 },
      { top: 400, height: 1200 },
      { top: 1600, height: 200 },
    ];
    expect(positionOfChar(sections, phoneBoxes, chars)).toBe(400 + 600);
    expect(positionOfChar(sections, phoneBoxes, 0)).toBe(0);
    expect(positionOfChar(sections, phoneBoxes, 10_000)).toBe(1800);
  });
});
