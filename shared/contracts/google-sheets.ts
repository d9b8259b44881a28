import { z } from 'zod';

/** Google Sheets sync (docs/product.md §Screens and routes, §States, §API, §Limits; decisions: docs/decisions.md "Google Sheets"). */
export const GOOGLE_SHEETS = {
  equipmentTab: 'Equipment',
  requestsTab: 'Requests',
  /** From the sheet every 30 minutes (docs/product.md §Limits). */
  pullEveryMs: 30 * 60_000,
  /** To the sheet only when data changes: a burst of edits is one write. */
  pushDebounceMs: 5_000,
  scope: 'https://www.googleapis.com/auth/spreadsheets',
} as const;

/** The Equipment tab's columns; ID is the stable key, Current Stock and Last Modified are read-only. */
export const EQUIPMENT_SHEET_COLUMNS = [
  'ID',
  'Name',
  'Code',
  'Description',
  'Category',
  'Condition',
  'Location',
  'Quantity',
  'Current Stock',
  'Min Stock',
  'Status',
  'Last Modified',
] as const;

/** The Requests tab: a read-only mirror (requests move only through the app's state machine). */
export const REQUEST_SHEET_COLUMNS = [
  'ID',
  'Equipment ID',
  'Equipment',
  'Code',
  'Requested By',
  'Purpose',
  'Location',
  'Expected Return',
  'Status',
  'Requested At',
  'Approved At',
  'Returned At',
  'Notes',
] as const;

/** A spreadsheet id, or the sheet's URL pasted from the browser (the id is taken from it). */
const spreadsheetId = z
  .string()
  .trim()
  .max(300, 'Sheet ID must be at most 300 characters')
  .transform((v) => /\/spreadsheets\/d\/([A-Za-z0-9_-]+)/.exec(v)?.[1] ?? v)
  .refine((v) => v === '' || /^[A-Za-z0-9_-]{10,200}$/.test(v), 'Sheet ID must be the ID or the URL of a Google Sheet')
  .transform((v) => v || null);

/** The parts of a service-account key file we use; the rest of the file is kept as uploaded. */
export const serviceAccountKeySchema = z.object({
  type: z.literal('service_account', { error: 'The key must be a service-account key (type "service_account")' }),
  client_email: z.email({ error: 'The key has no client_email' }),
  private_key: z
    .string({ error: 'The key has no private_key' })
    .includes('PRIVATE KEY', { error: 'The key has no private_key' }),
});
export type ServiceAccountKey = z.infer<typeof serviceAccountKeySchema>;

const keyText = z
  .string()
  .max(20_000, 'The key file is too large for a service-account key')
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'The key file is not JSON: upload the .json key Google gave you' });
      return z.NEVER;
    }
  })
  .pipe(serviceAccountKeySchema);

/**
 * PUT /api/google-sheets/settings. The key is write-only: send it to set, null to remove, leave
 * it out to keep the stored one.
 */
export const googleSheetsSettingsInputSchema = z.object({
  serviceAccountKey: keyText.nullable().optional(),
  spreadsheetId: spreadsheetId.nullable().optional(),
});
export type GoogleSheetsSettingsInput = z.input<typeof googleSheetsSettingsInputSchema>;

/** What clients see of the connection: never the key itself. */
export interface GoogleSheetsSettings {
  keySet: boolean;
  serviceAccountEmail: string | null;
  spreadsheetId: string | null;
  lastPushAt: string | null;
  lastPullAt: string | null;
}

/** GET /api/google-sheets/test (docs/product.md §API). */
export interface GoogleSheetsStatus {
  connected: boolean;
  syncWorking: boolean;
  error: string | null;
}

export interface RejectedRow {
  tab: string;
  /** The row number as the sheet shows it (header = 1). */
  row: number;
  error: string;
}

/** The answer of every sync action. */
export interface SheetSyncResult {
  success: true;
  message: string;
  pushed: { equipment: number; requests: number } | null;
  pulled: { created: number; updated: number; conflicts: number; rejected: RejectedRow[] } | null;
}

export interface CreateSheetResult {
  success: true;
  message: string;
  spreadsheetId: string;
  url: string;
}

export const sheetUrl = (id: string) => `https://docs.google.com/spreadsheets/d/${id}/edit`;
