import { createHash } from 'node:crypto';
import { extractFromJson, extractFromXml, type FeedData, type FeedEntry } from '@extractus/feed-extractor';
import { WIRES } from '../../../shared/contracts/wires';
import { FeedError } from './wires.decode';
import { JSON_SLICE_ITEMS, xmlSlices } from './wires.slices';

export interface ParsedEntry {
  guid: string;
  title: string;
  summary: string;
  link: string | null;
  /** ISO, or null when the feed gives no usable date. */
  publishedAt: string | null;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * Feed text as plain text: tags (and what script/style hold) removed, entities decoded, runs of
 * white space made one. Feed HTML is never rendered anywhere, so nothing else is kept.
 */
export function plainText(html: string, max: number): string {
  const text = html
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    // Inline tags join their text to the neighbours ("<b>today</b>."); block tags separate words.
    .replace(/<\/?(a|abbr|b|bdi|bdo|cite|code|em|font|i|mark|q|s|small|span|strong|sub|sup|time|u)\b[^>]*>/gi, '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => decodeEntity(name) ?? whole)
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

function decodeEntity(name: string): string | undefined {
  if (name[0] !== '#') return ENTITIES[name.toLowerCase()];
  const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
  return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : undefined;
}

// The raw summary, not the parser's own stripped one (it keeps what <script> held).
const OPTIONS = {
  descriptionMaxLen: 0,
  useISODateFormat: true,
  getExtraEntryFields: (e: Record<string, unknown>) => ({ rawSummary: rawSummaryOf(e) }),
};

/**
 * An entry as the parser gave it: the date read, the text still raw. Turning text into plain
 * text is most of a parse's cost, so the retention (newest keepItems) picks first and only the
 * kept entries are finished (server/workers/feed-parse.ts).
 */
export interface RawEntry {
  id: string;
  title: string;
  summary: string;
  link: unknown;
  /** ISO, or null when the feed gives no usable date. */
  publishedAt: string | null;
}

/**
 * RSS 2.0, RDF, Atom or JSON Feed, parsed a slice at a time (wires.slices.ts) with `pause()`
 * between slices; anything else is refused with a message for the feed row. Runs on the heavy
 * worker (server/workers/feed-parse.ts), never on the air thread.
 */
export async function parseFeed(body: string, contentType: string, pause: () => Promise<void>): Promise<ParsedEntry[]> {
  return (await parseRawEntries(body, contentType, pause)).map(finishEntry).filter((e): e is ParsedEntry => e !== null);
}

/** The entries of a feed with their dates, text not yet made plain (see RawEntry). */
export async function parseRawEntries(
  body: string,
  contentType: string,
  pause: () => Promise<void>,
): Promise<RawEntry[]> {
  const trimmed = body.trimStart();
  if (!trimmed) throw new FeedError('The feed answered an empty body');
  const out: RawEntry[] = [];
  const take = (extract: () => FeedData) =>
    out.push(
      ...readable(extract)
        .map(toRaw)
        .filter((e): e is RawEntry => e !== null),
    );
  if (/json/i.test(contentType) || trimmed.startsWith('{')) {
    const doc = readableJson(trimmed);
    const items = doc.items as unknown[];
    for (let i = 0; i === 0 || i < items.length; i += JSON_SLICE_ITEMS) {
      await pause();
      take(() => extractFromJson({ ...doc, items: items.slice(i, i + JSON_SLICE_ITEMS) }, OPTIONS));
    }
    return out;
  }
  for (const slice of xmlSlices(trimmed)) {
    await pause();
    take(() => extractFromXml(slice, OPTIONS));
  }
  return out;
}

const refused = (why: string) => new FeedError(`Not a readable RSS, Atom or JSON feed (${why})`);

function readable(extract: () => FeedData): FeedEntry[] {
  try {
    return extract().entries ?? [];
  } catch (err) {
    throw refused(err instanceof Error ? err.message : String(err));
  }
}

function readableJson(text: string): Record<string, unknown> {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    throw refused(err instanceof Error ? err.message : String(err));
  }
  if (!doc || typeof doc !== 'object' || !Array.isArray((doc as { items?: unknown }).items))
    throw refused('no items list');
  return doc as Record<string, unknown>;
}

/** Cheap: no text work. An entry with neither title nor summary text is dropped here already. */
function toRaw(entry: FeedEntry): RawEntry | null {
  const title = String(entry.title ?? '');
  const summary = typeof entry.rawSummary === 'string' ? entry.rawSummary : String(entry.description ?? '');
  if (!title.trim() && !summary.trim()) return null;
  const published = entry.published ? new Date(entry.published) : null;
  const publishedAt = published && !Number.isNaN(published.getTime()) ? published.toISOString() : null;
  return { id: String(entry.id ?? '').trim(), title, summary, link: entry.link, publishedAt };
}

/** A kept entry as stored: plain text, a safe link, a guid. Null when no text is left once tags are gone. */
export function finishEntry(raw: RawEntry): ParsedEntry | null {
  const title = plainText(raw.title, WIRES.titleMax);
  const summary = plainText(raw.summary, WIRES.summaryMax);
  const link = safeLink(raw.link);
  if (!title && !summary) return null;
  const guid = raw.id || link || createHash('sha1').update(`${title}\n${summary}`).digest('hex');
  return {
    guid: guid.slice(0, 1000),
    title: title || summary.slice(0, WIRES.titleMax),
    summary,
    link,
    publishedAt: raw.publishedAt,
  };
}

const SUMMARY_FIELDS = ['description', 'summary', 'content_html', 'content_text', 'content'] as const;

/** The first summary-like field as text: XML text nodes may come as a string or as { '#text' }. */
function rawSummaryOf(e: Record<string, unknown>): string | undefined {
  for (const key of SUMMARY_FIELDS) {
    const v = e[key];
    if (typeof v === 'string' && v.trim()) return v;
    if (v && typeof v === 'object' && '#text' in v && typeof v['#text'] === 'string') return v['#text'];
  }
  return undefined;
}

/** Only http(s) links are kept: a javascript: or data: link would run when clicked. */
function safeLink(link: unknown): string | null {
  if (typeof link !== 'string') return null;
  const trimmed = link.trim();
  return /^https?:\/\//i.test(trimmed) && URL.canParse(trimmed) && trimmed.length <= 2000 ? trimmed : null;
}
