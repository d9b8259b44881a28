/** A slice of a feed is parsed in one go: this many bytes of items take a few ms. */
export const SLICE_BYTES = 8 * 1024;
/** JSON Feed items per slice. */
export const JSON_SLICE_ITEMS = 20;

/**
 * An RSS / RDF / Atom document as several small documents: each the same head (everything before
 * the first <item> / <entry>) and tail (everything after the last one) around a run of items of at
 * most SLICE_BYTES. The XML parser has no incremental mode; this runs on the heavy worker now
 * (server/workers/feed-parse.ts), where the slices keep one feed from ever building a 5 MB object
 * tree at once (they first existed to hand the air thread's loop back between parses).
 * A document whose items cannot be cut this way is returned whole (and stays small or fails).
 */
export function* xmlSlices(xml: string, maxBytes = SLICE_BYTES): Generator<string, void> {
  const first = /<(item|entry)(?=[\s>/])/.exec(xml);
  const close = first ? `</${first[1]}>` : '';
  const lastClose = first ? xml.lastIndexOf(close) : -1;
  if (!first || lastClose < first.index) {
    yield xml;
    return;
  }
  const end = lastClose + close.length;
  const head = xml.slice(0, first.index);
  const tail = xml.slice(end);
  let start = first.index;
  let pos = start;
  while (pos < end) {
    pos = xml.indexOf(close, pos) + close.length;
    if (pos - start >= maxBytes || pos >= end) {
      // Made one at a time, as the parser asks: never all copies of the body at once.
      yield head + xml.slice(start, pos) + tail;
      start = pos;
    }
  }
}
