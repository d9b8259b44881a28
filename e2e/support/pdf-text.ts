import zlib from 'node:zlib';

/**
 * Just enough of a PDF reader to check what Chromium printed (page.pdf): its pages, their size
 * and the text drawn on each, decoded through the fonts' ToUnicode maps. It reads what Skia
 * writes (uncompressed object dictionaries, Flate streams with direct lengths, Type0 fonts with
 * hex glyph strings); it is a test aid, not a general PDF parser.
 */
export interface PdfPage {
  /** [x0, y0, x1, y1] in points (A4 ≈ 595 × 842). */
  mediaBox: number[];
  /** One line per text object (BT … ET), in drawing order. */
  lines: string[];
}

interface PdfObject {
  dict: string;
  stream?: Buffer;
}

function readObjects(pdf: Buffer): Map<number, PdfObject> {
  const text = pdf.toString('latin1');
  const objects = new Map<number, PdfObject>();
  const header = /(\d+) 0 obj\b/g;
  for (let match = header.exec(text); match; match = header.exec(text)) {
    const start = header.lastIndex;
    const end = text.indexOf('endobj', start);
    const streamAt = text.indexOf('stream', start);
    if (streamAt < 0 || streamAt > end) {
      objects.set(Number(match[1]), { dict: text.slice(start, end) });
      continue;
    }
    const dict = text.slice(start, streamAt);
    // The stream's bytes by its /Length: font data may hold any bytes, "endobj" included.
    const length = Number(/\/Length (\d+)/.exec(dict)?.[1] ?? 0);
    let from = streamAt + 'stream'.length;
    if (text[from] === '\r') from += 1;
    if (text[from] === '\n') from += 1;
    const raw = pdf.subarray(from, from + length);
    objects.set(Number(match[1]), { dict, stream: dict.includes('/FlateDecode') ? zlib.inflateSync(raw) : raw });
    header.lastIndex = from + length;
  }
  return objects;
}

function hexToText(hex: string): string {
  const units = hex.match(/.{4}/g) ?? [];
  return String.fromCharCode(...units.map((unit) => parseInt(unit, 16)));
}

/** A ToUnicode CMap: glyph code (4 hex digits) → text. */
function readCmap(cmap: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, code, text] of (block[1] ?? '').matchAll(/<([0-9A-F]+)>\s*<([0-9A-F]+)>/gi))
      map.set(code!.toUpperCase(), hexToText(text!));
  }
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, lo, hi, first] of (block[1] ?? '').matchAll(/<([0-9A-F]+)>\s*<([0-9A-F]+)>\s*<([0-9A-F]+)>/gi)) {
      const start = parseInt(lo!, 16);
      for (let code = start; code <= parseInt(hi!, 16); code += 1) {
        map.set(
          code.toString(16).toUpperCase().padStart(4, '0'),
          String.fromCharCode(parseInt(first!, 16) + code - start),
        );
      }
    }
  }
  return map;
}

/** Resource name (F4) → that font's ToUnicode map. */
function pageFonts(page: string, objects: Map<number, PdfObject>): Map<string, Map<string, string>> {
  const fonts = new Map<string, Map<string, string>>();
  const resources = /\/Font <<([^>]*)>>/.exec(page)?.[1] ?? '';
  for (const [, name, id] of resources.matchAll(/\/(\w+) (\d+) 0 R/g)) {
    const toUnicode = /\/ToUnicode (\d+) 0 R/.exec(objects.get(Number(id))?.dict ?? '')?.[1];
    const cmap = toUnicode ? objects.get(Number(toUnicode))?.stream : undefined;
    fonts.set(name!, cmap ? readCmap(cmap.toString('latin1')) : new Map<string, string>());
  }
  return fonts;
}

/** The text objects of a content stream, each decoded glyph by glyph with the font in use. */
function contentLines(content: string, fonts: Map<string, Map<string, string>>): string[] {
  const lines: string[] = [];
  let font = new Map<string, string>();
  let line = '';
  for (const [, fontName, hex, operator] of content.matchAll(/\/(\w+) [\d.]+ Tf|<([0-9A-Fa-f]*)>|\b(BT|ET)\b/g)) {
    if (fontName) font = fonts.get(fontName) ?? new Map<string, string>();
    else if (hex !== undefined)
      line += (hex.toUpperCase().match(/.{4}/g) ?? []).map((code) => font.get(code) ?? '\uFFFD').join('');
    else if (operator === 'ET' && line) {
      lines.push(line);
      line = '';
    }
  }
  return lines;
}

export function readPdf(pdf: Buffer): PdfPage[] {
  const objects = readObjects(pdf);
  const pages: PdfPage[] = [];
  for (const { dict } of objects.values()) {
    if (!/\/Type \/Page\b(?!s)/.test(dict)) continue;
    const mediaBox = (/\/MediaBox \[([^\]]*)\]/.exec(dict)?.[1] ?? '').trim().split(/\s+/).map(Number);
    const contentIds = [...(/\/Contents (\[[^\]]*\]|\d+ 0 R)/.exec(dict)?.[1] ?? '').matchAll(/(\d+) 0 R/g)].map((m) =>
      Number(m[1]),
    );
    const content = contentIds.map((id) => objects.get(id)?.stream?.toString('latin1') ?? '').join('\n');
    pages.push({ mediaBox, lines: contentLines(content, pageFonts(dict, objects)) });
  }
  return pages;
}
