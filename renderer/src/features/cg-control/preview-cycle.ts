/** Previous/Next wrap around at both ends (docs/product.md §States). */
export function wrapIndex(index: number, delta: number, length: number): number {
  if (length <= 0) return 0;
  return (((index + delta) % length) + length) % length;
}

/** An index that may point past a list that shrank (a story unapproved live) is pulled back in. */
export function clampIndex(index: number, length: number): number {
  if (length <= 0) return 0;
  return Math.min(Math.max(index, 0), length - 1);
}

/** Navigation is disabled with one item or fewer, or while an update is pending (docs/product.md §Validation). */
export function canNavigate(length: number, pending: boolean): boolean {
  return length > 1 && !pending;
}

/** Auto-play runs only while live bulletin mode and auto-play are both on, with something to cycle. */
export function autoPlayActive(liveMode: boolean, autoPlay: boolean, length: number): boolean {
  return liveMode && autoPlay && length > 1;
}
