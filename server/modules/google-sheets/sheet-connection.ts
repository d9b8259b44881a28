import type { SheetsClient } from '../../integrations/google-sheets/sheets-client';

/** Who a sync acts for: the station, and the user the activity log names. */
export type Who = { companyId: number; userId: number };

export interface Connection {
  client: SheetsClient;
  spreadsheetId: string | null;
  serviceAccountEmail: string;
  /** Scheduled syncs act for the user who connected the sheet. */
  connectedBy: number | null;
}

/** A connection with a sheet: what every sync step works on. */
export type OpenConnection = Connection & { spreadsheetId: string };
