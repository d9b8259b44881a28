import type { PrompterSection } from '@shared/contracts/prompters';
import { fractionIn, sectionIndexAt, type SectionBox } from './scroll-engine';

/**
 * Where the reader is, in terms that survive a new layout: the section (by id, which is the
 * bulletin item) and the pixels from its top. A content refresh keeps the talent on the same
 * section and the same line within it, even when items were added or removed above.
 */
export interface ReadingAnchor {
  sectionId: number;
  /** Index at the time, used when the section itself is gone (the nearest survivor is taken). */
  sectionIndex: number;
  /** Negative above the first section (the top margin): the reader stays above it too. */
  offsetPx: number;
}

export function anchorAt(
  sections: readonly PrompterSection[],
  boxes: readonly SectionBox[],
  position: number,
): ReadingAnchor | null {
  if (!sections.length || boxes.length !== sections.length) return null;
  const index = sectionIndexAt(boxes, position);
  return { sectionId: sections[index]!.id, sectionIndex: index, offsetPx: position - boxes[index]!.top };
}

/** The position of an anchor in a new layout (same section, same line; else the nearest section). */
export function positionOfAnchor(
  anchor: ReadingAnchor,
  sections: readonly PrompterSection[],
  boxes: readonly SectionBox[],
): number {
  if (!sections.length || boxes.length !== sections.length) return 0;
  const same = sections.findIndex((s) => s.id === anchor.sectionId);
  if (same >= 0) {
    const box = boxes[same]!;
    return box.top + Math.min(anchor.offsetPx, Math.max(0, box.height - 1));
  }
  return boxes[Math.min(anchor.sectionIndex, boxes.length - 1)]!.top;
}

/**
 * The reading position as a character offset in the script (spec: position = character offset):
 * the section's offset plus the same share of its characters as of its height. Follower screens
 * lay the text out differently (width, font), so pixels would not mean the same line there.
 */
export function charPositionAt(
  sections: readonly PrompterSection[],
  boxes: readonly SectionBox[],
  position: number,
): number {
  if (!sections.length || boxes.length !== sections.length) return 0;
  const index = sectionIndexAt(boxes, position);
  const section = sections[index]!;
  return section.position + fractionIn(boxes[index]!, position) * section.content.length;
}

/** The inverse on this screen's layout. */
export function positionOfChar(
  sections: readonly PrompterSection[],
  boxes: readonly SectionBox[],
  charPosition: number,
): number {
  if (!sections.length || boxes.length !== sections.length) return 0;
  let index = 0;
  for (let i = 0; i < sections.length; i++) if (sections[i]!.position <= charPosition) index = i;
  const section = sections[index]!;
  const box = boxes[index]!;
  const share = section.content.length
    ? Math.min(1, Math.max(0, (charPosition - section.position) / section.content.length))
    : 0;
  return box.top + share * box.height;
}
