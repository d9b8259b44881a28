import { JWT } from 'google-auth-library';
// The Sheets-only package (~21 MB against googleapis' ~209 MB, one API instead of 300). Not
// googleapis/build/src/apis/sheets: a directory import, which Node's ES-module loader (and so
// the built desktop bundle) refuses.
import { sheets, type sheets_v4 } from '@googleapis/sheets';
import { GOOGLE_SHEETS, type ServiceAccountKey } from '../../../shared/contracts/google-sheets';

/** A refusal from Google, with the text the page shows (permission errors carry the fix). */
export class SheetsError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }

  get permission(): boolean {
    return this.status === 403 || /permission/i.test(this.message);
  }
}

/** Quota (429) and server errors are retried with exponential backoff by gaxios itself. */
const RETRY = {
  retry: 4,
  retryDelay: 200,
  maxRetryDelay: 8_000,
  // POSTs included: every write we send is idempotent (a full grid) or refused before it ran (429).
  httpMethodsToRetry: ['GET', 'PUT', 'POST'],
  statusCodesToRetry: [
    [429, 429],
    [500, 599],
  ],
};

const quoted = (tab: string) => `'${tab.replace(/'/g, "''")}'`;

function asSheetsError(err: unknown): SheetsError {
  const e = err as {
    status?: number;
    response?: { status?: number; data?: { error?: { message?: string } } };
    message?: string;
  };
  const status = e.response?.status ?? e.status ?? 502;
  const message = e.response?.data?.error?.message ?? e.message ?? String(err);
  return new SheetsError(status, message);
}

/**
 * The calls the sync uses, on the real googleapis client. Auth is a self-signed service-account
 * JWT (no token round trip); the root URL comes from config so tests reach the local fake.
 */
export class SheetsClient {
  private readonly api: sheets_v4.Sheets;

  constructor(key: ServiceAccountKey, rootUrl: string) {
    const auth = new JWT({ email: key.client_email, key: key.private_key, scopes: [GOOGLE_SHEETS.scope] });
    auth.useJWTAccessWithScope = true;
    this.api = sheets({ version: 'v4', auth, rootUrl, retryConfig: RETRY, timeout: 30_000 });
  }

  async create(title: string, tabs: string[]): Promise<string> {
    return call(async () => {
      const res = await this.api.spreadsheets.create({
        requestBody: { properties: { title }, sheets: tabs.map((t) => ({ properties: { title: t } })) },
      });
      return res.data.spreadsheetId ?? '';
    });
  }

  async tabs(spreadsheetId: string): Promise<string[]> {
    return call(async () => {
      const res = await this.api.spreadsheets.get({ spreadsheetId, fields: 'sheets.properties.title' });
      return (res.data.sheets ?? []).map((s) => s.properties?.title ?? '');
    });
  }

  async addTabs(spreadsheetId: string, tabs: string[]): Promise<void> {
    if (tabs.length === 0) return;
    await call(() =>
      this.api.spreadsheets.batchUpdate({
        spreadsheetId,
        requestBody: { requests: tabs.map((title) => ({ addSheet: { properties: { title } } })) },
      }),
    );
  }

  /** Rows `from`..`to` (1-based) of a tab as text, as a person sees them; trailing blank rows are left out. */
  async readRows(spreadsheetId: string, tab: string, from: number, to: number): Promise<string[][]> {
    return call(async () => {
      const res = await this.api.spreadsheets.values.get({ spreadsheetId, range: `${quoted(tab)}!A${from}:Z${to}` });
      return (res.data.values ?? []).map((row) =>
        row.map((cell) => (cell === null || cell === undefined ? '' : String(cell))),
      );
    });
  }

  async clear(spreadsheetId: string, tabs: string[]): Promise<void> {
    await call(() =>
      this.api.spreadsheets.values.batchClear({ spreadsheetId, requestBody: { ranges: tabs.map(quoted) } }),
    );
  }

  /**
   * One block of rows already encoded as JSON (`[[...],[...]]`), written at `fromRow`. The body
   * goes to googleapis as text: given an object, googleapis deep-copies it (the `extend`
   * package, recursively) and gaxios JSON-encodes it, both on the air thread — ~100–190 ms for a
   * 10 000-row block. A string is copied as one value and sent as is.
   */
  async writeJson(spreadsheetId: string, tab: string, fromRow: number, valuesJson: string): Promise<void> {
    const body = `{"valueInputOption":"RAW","data":[{"range":${JSON.stringify(`${quoted(tab)}!A${fromRow}`)},"values":${valuesJson}}]}`;
    // The generated types know only the object form; the wire form is the same JSON.
    const requestBody = body as unknown as sheets_v4.Schema$BatchUpdateValuesRequest;
    await call(() =>
      this.api.spreadsheets.values.batchUpdate(
        { spreadsheetId, requestBody },
        { headers: { 'content-type': 'application/json' } },
      ),
    );
  }

  /** One batch write of blocks of rows, each at its first row. */
  async write(spreadsheetId: string, blocks: { tab: string; fromRow: number; rows: string[][] }[]): Promise<void> {
    const data = blocks.map((b) => ({ range: `${quoted(b.tab)}!A${b.fromRow}`, values: b.rows }));
    await call(() =>
      this.api.spreadsheets.values.batchUpdate({ spreadsheetId, requestBody: { valueInputOption: 'RAW', data } }),
    );
  }
}

async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    throw asSheetsError(err);
  }
}
