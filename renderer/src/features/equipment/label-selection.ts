/** Items picked for labels, in the order picked (the label sheet prints them in that order). */
export function toggleId(selected: readonly number[], id: number): number[] {
  return selected.includes(id) ? selected.filter((x) => x !== id) : [...selected, id];
}

/** Adds every shown item not yet picked, after the ones already picked. */
export function addAll(selected: readonly number[], ids: readonly number[]): number[] {
  const have = new Set(selected);
  return [...selected, ...ids.filter((id) => !have.has(id))];
}

/** The label sheet's address for these items (/equipment/labels reads `?ids=1,2,3`). */
export function labelsPath(selected: readonly number[]): string {
  return `/equipment/labels?ids=${selected.join(',')}`;
}
