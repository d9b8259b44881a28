/**
 * Headlines have no ids (docs/product.md §Data: position only) and may repeat, so drag-and-drop gets ids
 * from the text plus its occurrence number: stable while rows move, unique with duplicates.
 */
export function headlineIds(headlines: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return headlines.map((headline) => {
    const n = seen.get(headline) ?? 0;
    seen.set(headline, n + 1);
    return `${n}:${headline}`;
  });
}

/** Moves one item; returns null when the move changes nothing (drop on itself / no target). */
export function moveHeadline(headlines: readonly string[], from: number, to: number): string[] | null {
  if (from === to || from < 0 || to < 0 || from >= headlines.length || to >= headlines.length) return null;
  const next = [...headlines];
  next.splice(to, 0, ...next.splice(from, 1));
  return next;
}

/**
 * Where a headline the operator acted on is now: the list may have changed under an open edit
 * or confirm dialog (another desk, the 5 s poll). Same slot first, else its first occurrence.
 */
export function resolveHeadlineIndex(headlines: readonly string[], index: number, text: string): number {
  if (headlines[index] === text) return index;
  return headlines.indexOf(text);
}
