import express, { type Request, type Response } from 'express';
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the Google Sheets API v4 (https://developers.google.com/sheets/api), spoken
 * over real HTTP so the real googleapis client runs against it (its `rootUrl` points here).
 * Auth: the self-signed service-account JWT the client sends as a Bearer token, verified against
 * the account's public key. Implemented: spreadsheets.create, spreadsheets.get,
 * spreadsheets.batchUpdate (addSheet), values.get, values.batchUpdate, values.batchClear, with
 * Google's error shape `{ error: { code, message, status } }`. Ranges are a tab or rows of it
 * (`'Tab'`, `'Tab'!A1`, `'Tab'!A2:Z5001`), the only ones the sync sends.
 */

export interface ServiceAccount {
  email: string;
  /** The key file's JSON text, as a person uploads it. */
  keyJson: string;
}

export interface FakeSheets {
  url: string;
  /** Every API call: method, path (without the root) and the status answered. */
  calls: { method: string; path: string; status: number }[];
  serviceAccount(name: string): ServiceAccount;
  /** A spreadsheet a person made in their own Drive; shared with nobody until `share`. */
  humanSheet(tabs?: string[]): string;
  share(spreadsheetId: string, email: string): void;
  /** The cells of a tab (rows as stored; trailing blanks kept as the sync wrote them). */
  grid(spreadsheetId: string, tab: string): string[][];
  /** A person edits a cell: row and column are 0-based indexes into the grid (header = row 0). */
  setCell(spreadsheetId: string, tab: string, row: number, col: number, value: string): void;
  /** The next `count` API calls answer this status (429 quota, 500, …). */
  failNext(count: number, status?: number): void;
  spreadsheetIds(): string[];
  close(): Promise<void>;
}

interface Sheet {
  title: string;
  editors: Set<string>;
  tabs: Map<string, string[][]>;
}

const STATUS_NAMES: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
};
const MESSAGES: Record<number, string> = {
  401: 'Request had invalid authentication credentials.',
  403: 'The caller does not have permission',
  404: 'Requested entity was not found.',
  429: "Quota exceeded for quota metric 'Write requests' and limit 'Write requests per minute per user'",
  500: 'Internal error encountered.',
};

class ApiError extends Error {
  constructor(
    readonly code: number,
    message = MESSAGES[code] ?? 'Error',
  ) {
    super(message);
  }
}

const b64url = (s: string) => Buffer.from(s, 'base64url');

/** A range: `'My Tab'!A5:Z100`, `Tab!A1`, `'Tab'` → the tab and its rows (1-based, end inclusive). */
function parseRange(range: string): { tab: string; from: number; to: number } {
  const [tabPart = '', cell] = range.split('!');
  const tab = tabPart.replace(/^'(.*)'$/, '$1').replace(/''/g, "'");
  if (!cell) return { tab, from: 1, to: Infinity };
  const m = /^A(\d+)(?::[A-Z]+(\d*))?$/.exec(cell);
  if (!m) throw new ApiError(400, `Unable to parse range: ${range}`);
  return { tab, from: Number(m[1]), to: m[2] ? Number(m[2]) : Infinity };
}

function trimmed(grid: string[][]): string[][] {
  const rows = grid.map((r) => {
    const out = [...r];
    while (out.length && out[out.length - 1] === '') out.pop();
    return out;
  });
  while (rows.length && rows[rows.length - 1]!.length === 0) rows.pop();
  return rows;
}

export async function startFakeSheets(): Promise<FakeSheets> {
  const accounts = new Map<string, crypto.KeyObject>();
  const sheets = new Map<string, Sheet>();
  const calls: FakeSheets['calls'] = [];
  const failures: number[] = [];

  const caller = (req: Request): string => {
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const [h, p, sig] = token?.split('.') ?? [];
    if (!h || !p || !sig) throw new ApiError(401);
    const claims = JSON.parse(b64url(p).toString()) as { iss?: string; scope?: string; exp?: number };
    const key = accounts.get(claims.iss ?? '');
    if (!key || !crypto.verify('RSA-SHA256', Buffer.from(`${h}.${p}`), key, b64url(sig))) throw new ApiError(401);
    if (!claims.scope?.split(' ').includes('https://www.googleapis.com/auth/spreadsheets'))
      throw new ApiError(403, 'Request had insufficient authentication scopes.');
    return claims.iss!;
  };
  const open = (req: Request, id: string): Sheet => {
    const email = caller(req);
    const sheet = sheets.get(id);
    if (!sheet) throw new ApiError(404);
    if (!sheet.editors.has(email)) throw new ApiError(403);
    return sheet;
  };
  const tab = (sheet: Sheet, range: string): string[][] => {
    const t = sheet.tabs.get(parseRange(range).tab);
    if (!t) throw new ApiError(400, `Unable to parse range: ${range}`);
    return t;
  };
  const newSheet = (title: string, tabs: string[], editor?: string): string => {
    const id = crypto.randomBytes(22).toString('base64url');
    sheets.set(id, { title, editors: new Set(editor ? [editor] : []), tabs: new Map(tabs.map((t) => [t, []])) });
    return id;
  };
  const describe = (id: string, s: Sheet) => ({
    spreadsheetId: id,
    properties: { title: s.title },
    sheets: [...s.tabs.keys()].map((title, index) => ({ properties: { sheetId: index, title, index } })),
    spreadsheetUrl: `https://docs.google.com/spreadsheets/d/${id}/edit`,
  });

  /** The request bodies of the calls implemented (the fields the fake reads). */
  interface Body {
    properties?: { title?: string };
    sheets?: { properties: { title: string } }[];
    requests?: { addSheet?: { properties: { title: string } } }[];
    ranges?: string[];
    valueInputOption?: string;
    data?: { range: string; values: unknown[][] }[];
  }

  const cellText = (c: unknown): string =>
    typeof c === 'string' ? c : typeof c === 'number' || typeof c === 'boolean' ? String(c) : '';

  /** One handler for /v4/spreadsheets…: Google's `:verb` suffixes do not fit route patterns. */
  const route = (req: Request): unknown => {
    const path = decodeURIComponent(req.path);
    const body = (req.body ?? {}) as Body;
    if (req.method === 'POST' && path === '/') {
      const tabs = (body.sheets ?? [{ properties: { title: 'Sheet1' } }]).map((s) => s.properties.title);
      const id = newSheet(body.properties?.title ?? 'Untitled spreadsheet', tabs, caller(req));
      return describe(id, sheets.get(id)!);
    }
    let m = /^\/([^/:]+)$/.exec(path);
    if (m && req.method === 'GET') return describe(m[1]!, open(req, m[1]!));
    m = /^\/([^/:]+):batchUpdate$/.exec(path);
    if (m && req.method === 'POST') {
      const s = open(req, m[1]!);
      for (const r of body.requests ?? []) if (r.addSheet) s.tabs.set(r.addSheet.properties.title, []);
      return { spreadsheetId: m[1], replies: (body.requests ?? []).map(() => ({})) };
    }
    m = /^\/([^/:]+)\/values\/(.+)$/.exec(path);
    if (m && req.method === 'GET') {
      const { from, to } = parseRange(m[2]!);
      return { range: m[2], majorDimension: 'ROWS', values: trimmed(tab(open(req, m[1]!), m[2]!).slice(from - 1, to)) };
    }
    m = /^\/([^/:]+)\/values:batchClear$/.exec(path);
    if (m && req.method === 'POST') {
      const s = open(req, m[1]!);
      for (const range of body.ranges ?? []) tab(s, range).splice(0);
      return { spreadsheetId: m[1], clearedRanges: body.ranges };
    }
    m = /^\/([^/:]+)\/values:batchUpdate$/.exec(path);
    if (m && req.method === 'POST') {
      const s = open(req, m[1]!);
      if (!['RAW', 'USER_ENTERED'].includes(body.valueInputOption ?? ''))
        throw new ApiError(400, 'Invalid valueInputOption');
      for (const d of body.data ?? []) {
        const grid = tab(s, d.range);
        const { from } = parseRange(d.range);
        while (grid.length < from - 1) grid.push([]);
        d.values.forEach((row, i) => (grid[from - 1 + i] = row.map(cellText)));
      }
      return { spreadsheetId: m[1], totalUpdatedRows: (body.data ?? []).reduce((n, d) => n + d.values.length, 0) };
    }
    throw new ApiError(404, `Method not found: ${req.method} ${path}`);
  };

  const app = express();
  app.use(express.json({ limit: '50mb' }));
  app.use('/v4/spreadsheets', (req: Request, res: Response) => {
    const record = (status: number) => calls.push({ method: req.method, path: req.originalUrl.split('?')[0]!, status });
    try {
      const forced = failures.shift();
      if (forced) throw new ApiError(forced);
      const out = route(req);
      record(200);
      res.json(out);
    } catch (err) {
      const e = err instanceof ApiError ? err : new ApiError(500, String(err));
      record(e.code);
      res
        .status(e.code)
        .json({ error: { code: e.code, message: e.message, status: STATUS_NAMES[e.code] ?? 'UNKNOWN' } });
    }
  });
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;

  return {
    url,
    calls,
    serviceAccount(name) {
      const email = `${name}@cg-bridge-test.iam.gserviceaccount.com`;
      const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
      accounts.set(email, publicKey);
      const keyJson = JSON.stringify({
        type: 'service_account',
        project_id: 'cg-bridge-test',
        private_key_id: crypto.randomBytes(8).toString('hex'),
        private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }),
        client_email: email,
        token_uri: 'https://oauth2.googleapis.com/token',
      });
      return { email, keyJson };
    },
    humanSheet: (tabs = ['Sheet1']) => newSheet('Station equipment', tabs),
    share: (id, email) => void sheets.get(id)?.editors.add(email),
    grid: (id, t) =>
      sheets
        .get(id)
        ?.tabs.get(t)
        ?.map((r) => [...r]) ?? [],
    setCell(id, t, row, col, value) {
      const grid = sheets.get(id)!.tabs.get(t)!;
      while (grid.length <= row) grid.push([]);
      const r = grid[row]!;
      while (r.length <= col) r.push('');
      r[col] = value;
    },
    failNext: (count, status = 429) => void failures.push(...Array<number>(count).fill(status)),
    spreadsheetIds: () => [...sheets.keys()],
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
