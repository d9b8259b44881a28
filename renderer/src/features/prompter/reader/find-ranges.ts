/** At most this many matches are highlighted (a one-letter query in a long script). */
export const MAX_FIND_MATCHES = 500;

/** Case-insensitive matches of `query` in the text nodes under `root`, as DOM ranges. */
export function findRanges(root: Node, query: string): Range[] {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return [];
  const ranges: Range[] = [];
  const walker = root.ownerDocument!.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node && ranges.length < MAX_FIND_MATCHES; node = walker.nextNode()) {
    const text = (node.nodeValue ?? '').toLocaleLowerCase();
    for (
      let at = text.indexOf(needle);
      at >= 0 && ranges.length < MAX_FIND_MATCHES;
      at = text.indexOf(needle, at + needle.length)
    ) {
      const range = root.ownerDocument!.createRange();
      range.setStart(node, at);
      // Lower-casing can change a length ('İ'): never end a range past its text node.
      range.setEnd(node, Math.min(node.nodeValue?.length ?? 0, at + needle.length));
      ranges.push(range);
    }
  }
  return ranges;
}
