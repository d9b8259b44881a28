import http from 'node:http';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';
import type { Socket } from 'node:net';
import { FakeLine } from './fake-line';

/**
 * A local feed server over real HTTP for the wires tests (issue 26): RSS 2.0, Atom, JSON Feed, a
 * Thaana (Dhivehi) feed, a malformed body, a slow feed (answers after `slowMs`), a 10 MB feed
 * streamed with backpressure, and a feed that honours If-None-Match / If-Modified-Since with 304.
 * Issue 37: a feed that never answers (/hang.xml), a 401 (/unauthorized.xml), a redirect to
 * any address (/redirect?to=<url>), a gzip-compressed feed and a gzip bomb (50 MB of spaces).
 */
export interface FakeFeeds {
  url: string;
  /** path → requests received. */
  hits: Map<string, number>;
  /** 304 answers given by /conditional.xml. */
  notModified: number;
  /** Bytes of the last /huge.xml actually written before the client stopped reading (or all of it). */
  hugeBytesWritten: number;
  hugeFinished: boolean;
  /** Body bytes /declared-huge.xml has sent (it sends none for its first 3 s). */
  declaredBodyBytesWritten: number;
  /** Items of /rss.xml (tests add one to see it arrive). */
  rssItems: FakeItem[];
  slowMs: number;
  close(): Promise<void>;
}

export interface FakeItem {
  guid: string;
  title: string;
  description: string;
  link: string;
  date: string;
}

const MB = 1024 * 1024;
const RSS_TYPE = 'application/rss+xml; charset=utf-8';
const CONDITIONAL_ETAG = '"v1"';
const CONDITIONAL_MODIFIED = 'Wed, 25 Nov 2026 08:00:00 GMT';

/** Dates relative to now: the wires keep nothing older than 30 days, whenever the tests run. */
const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function rss(title: string, items: FakeItem[]): string {
  const body = items
    .map(
      (i) =>
        `<item><title>${esc(i.title)}</title><link>${esc(i.link)}</link><guid>${esc(i.guid)}</guid><description>${esc(i.description)}</description><pubDate>${new Date(i.date).toUTCString()}</pubDate></item>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>${esc(title)}</title><link>http://example.test/</link><description>x</description>${body}</channel></rss>`;
}

function atom(): string {
  return `<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom"><title>Atom Agency</title><id>urn:atom</id><updated>2026-11-25T09:00:00Z</updated>
<entry><id>urn:atom:1</id><title>Atom harbour reopens</title><link href="http://example.test/atom/1"/><updated>${hoursAgo(1)}</updated><summary type="html">&lt;p&gt;The harbour is &lt;em&gt;open&lt;/em&gt; again.&lt;/p&gt;</summary></entry>
<entry><id>urn:atom:2</id><title>Atom ferry schedule</title><link href="http://example.test/atom/2"/><updated>${hoursAgo(2)}</updated><summary>New ferry times from Monday.</summary></entry></feed>`;
}

function jsonFeed(): string {
  return JSON.stringify({
    version: 'https://jsonfeed.org/version/1.1',
    title: 'JSON Desk',
    items: [
      {
        id: 'json-1',
        url: 'http://example.test/json/1',
        title: 'JSON budget vote',
        content_html: '<p>Parliament votes <b>today</b>.</p>',
        date_published: hoursAgo(1),
      },
      {
        id: 'json-2',
        url: 'javascript:alert(1)',
        title: 'JSON unsafe link',
        content_text: 'A link that must not be kept.',
        date_published: hoursAgo(2),
      },
    ],
  });
}

export const THAANA_TITLE = 'މާލޭގައި ވާރޭ';
const THAANA_SUMMARY = 'މިއަދު މާލޭގައި ގަދަ ވާރޭ ވެހެއްޖެ.';

export function defaultRssItems(): FakeItem[] {
  return [
    {
      guid: 'rss-1',
      title: 'RSS cabinet meets',
      description: '<p>The cabinet <b>met</b> today.<script>alert(1)</script></p>',
      link: 'http://example.test/rss/1',
      date: hoursAgo(1),
    },
    {
      guid: 'rss-2',
      title: 'RSS weather & sea',
      description: 'Rough seas &amp; rain expected.',
      link: 'http://example.test/rss/2',
      date: hoursAgo(2),
    },
  ];
}

export interface FakeFeedsOptions {
  /** Send /big.xml through one link of this rate (bytes per ms), as an agency elsewhere would; unset: at loopback speed. */
  lineBytesPerMs?: number;
}

export async function startFakeFeeds(options: FakeFeedsOptions = {}): Promise<FakeFeeds> {
  const line = options.lineBytesPerMs ? new FakeLine(options.lineBytesPerMs) : null;
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  const state: FakeFeeds = {
    url: '',
    hits: new Map(),
    notModified: 0,
    hugeBytesWritten: 0,
    hugeFinished: false,
    declaredBodyBytesWritten: 0,
    rssItems: defaultRssItems(),
    slowMs: 2_000,
    close: () => Promise.resolve(),
  };
  const xml = (res: http.ServerResponse, body: string, type = RSS_TYPE) => {
    res.writeHead(200, { 'content-type': type });
    res.end(body);
  };
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    state.hits.set(path, (state.hits.get(path) ?? 0) + 1);
    switch (path) {
      case '/rss.xml':
        return xml(res, rss('RSS Agency', state.rssItems));
      case '/atom.xml':
        return xml(res, atom(), 'application/atom+xml');
      case '/feed.json':
        return xml(res, jsonFeed(), 'application/feed+json');
      case '/thaana.xml':
        return xml(
          res,
          rss('ތާނަ ނޫސް', [
            {
              guid: 'dv-1',
              title: THAANA_TITLE,
              description: THAANA_SUMMARY,
              link: 'http://example.test/dv/1',
              date: hoursAgo(3),
            },
          ]),
        );
      case '/malformed.xml':
        return xml(res, '<rss><channel><item><title>Broken</title></item></chann', 'text/xml');
      case '/not-a-feed.html':
        return xml(res, '<!doctype html><html><body>Hello</body></html>', 'text/html');
      case '/error.xml':
        res.writeHead(500, { 'content-type': 'text/plain' });
        return res.end('boom');
      case '/unauthorized.xml':
        res.writeHead(401, { 'content-type': 'text/plain', 'www-authenticate': 'Basic realm="agency"' });
        return res.end('login');
      case '/hang.xml':
        // Accepts and never answers: the socket is held until the reader gives up (or close()).
        return;
      case '/gzip.xml':
        res.writeHead(200, { 'content-type': RSS_TYPE, 'content-encoding': 'gzip' });
        return res.end(zlib.gzipSync(rss('Gzip Agency', state.rssItems)));
      case '/gzip-bomb.xml':
        res.writeHead(200, { 'content-type': RSS_TYPE, 'content-encoding': 'gzip' });
        return res.end(gzipBomb());
      case '/redirect':
        res.writeHead(302, { location: new URL(req.url ?? '/', 'http://x').searchParams.get('to') ?? '/' });
        return res.end();
      case '/slow.xml': {
        const t = setTimeout(() => xml(res, rss('Slow', [])), state.slowMs);
        timers.add(t);
        return;
      }
      case '/big.xml': {
        // ?n=N generated items, new ones on every request (bench: every poll has work to do).
        const body = bigFeed(req.url ?? '', state.hits.get(path) ?? 0);
        if (!line) return xml(res, body);
        res.writeHead(200, { 'content-type': RSS_TYPE });
        return line.send(res, body);
      }
      case '/huge.xml':
        // 10 MB, or ?mb=N to show that a client which stops reading stops the stream.
        return streamHuge(res, state, Number(new URL(req.url ?? '/', 'http://x').searchParams.get('mb') ?? 10) * MB);
      case '/declared-huge.xml':
        // Says 10 MB up front and holds the body back for 3 s: a client that reads the
        // Content-Length refuses before a body byte was sent.
        res.writeHead(200, { 'content-type': 'application/rss+xml', 'content-length': String(10 * MB) });
        res.flushHeaders(); // writeHead alone sends nothing until the first body write
        state.declaredBodyBytesWritten = 0;
        timers.add(
          setTimeout(() => {
            const body = Buffer.alloc(10 * MB, 0x20);
            state.declaredBodyBytesWritten = body.length;
            res.on('error', () => undefined);
            res.end(body);
          }, 3_000),
        );
        return;
      case '/conditional.xml':
        return conditional(req, res, state);
      default:
        res.writeHead(404);
        res.end();
    }
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = async () => {
    timers.forEach((t) => clearTimeout(t));
    sockets.forEach((s) => s.destroy());
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return state;
}

let bomb: Buffer | null = null;
/** 50 MB of spaces inside an RSS start, about 50 kB gzipped: built once. */
const gzipBomb = (): Buffer =>
  (bomb ??= zlib.gzipSync(
    Buffer.concat([
      Buffer.from('<?xml version="1.0"?><rss version="2.0"><channel><title>'),
      Buffer.alloc(50 * MB, 0x20),
    ]),
  ));

const bigTemplates = new Map<string, string>();

/** Built once per (n, f) with a marker where the request number goes: the fake must not hog the bench's loop. */
function bigFeed(url: string, hit: number): string {
  const query = new URL(url, 'http://x').searchParams;
  const n = Math.min(Number(query.get('n') ?? 1000), 20_000);
  const feed = query.get('f') ?? '0';
  const key = `${n}:${feed}`;
  let template = bigTemplates.get(key);
  if (!template) {
    const now = Date.now();
    const list = Array.from({ length: n }, (_, i) => ({
      guid: `big-${feed}-@HIT@-${i}`,
      title: `Generated story ${i} of request @HIT@`,
      description: `<p>${'Words of a wire story, with <b>markup</b> &amp; entities. '.repeat(8)}</p>`,
      link: `http://example.test/big/${feed}/@HIT@/${i}`,
      date: new Date(now - i * 1000).toISOString(),
    }));
    template = rss(`Big ${feed}`, list);
    bigTemplates.set(key, template);
  }
  return template.replaceAll('@HIT@', String(hit));
}

/** `bytes` of valid-looking RSS, no Content-Length, written as fast as the client reads (backpressure honoured). */
function streamHuge(res: http.ServerResponse, state: FakeFeeds, bytes: number): void {
  res.writeHead(200, { 'content-type': 'application/rss+xml' });
  state.hugeBytesWritten = 0;
  state.hugeFinished = false;
  const chunk = Buffer.from(`<item><title>${'x'.repeat(64 * 1024)}</title></item>`);
  res.write('<?xml version="1.0"?><rss version="2.0"><channel><title>Huge</title>');
  const pump = () => {
    while (state.hugeBytesWritten < bytes) {
      state.hugeBytesWritten += chunk.length;
      if (!res.write(chunk)) return void res.once('drain', pump);
    }
    state.hugeFinished = true;
    res.end('</channel></rss>');
  };
  res.on('error', () => undefined);
  pump();
}

function conditional(req: http.IncomingMessage, res: http.ServerResponse, state: FakeFeeds): void {
  if (req.headers['if-none-match'] === CONDITIONAL_ETAG || req.headers['if-modified-since'] === CONDITIONAL_MODIFIED) {
    state.notModified++;
    res.writeHead(304, { etag: CONDITIONAL_ETAG, 'last-modified': CONDITIONAL_MODIFIED });
    return void res.end();
  }
  res.writeHead(200, {
    'content-type': 'application/rss+xml',
    etag: CONDITIONAL_ETAG,
    'last-modified': CONDITIONAL_MODIFIED,
  });
  res.end(
    rss('Conditional', [
      {
        guid: 'c-1',
        title: 'Conditional story',
        description: 'Once only.',
        link: 'http://example.test/c/1',
        date: hoursAgo(4),
      },
    ]),
  );
}
