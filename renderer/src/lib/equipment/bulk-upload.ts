import { EQUIPMENT_BULK_TOAST_ERRORS } from '@shared/constants';
import type { BulkUploadResult } from '@shared/contracts/equipment';

export type BulkResults = BulkUploadResult['results'];
export type BulkRowError = BulkResults['errors'][number];

/**
 * Rows per request. A 20 000-row file as one JSON body gives no progress and one long wait;
 * sequential chunks give a real progress bar and keep each request well under the body limit.
 */
export const BULK_CHUNK_ROWS = 1000;

export interface BulkChunk<Row> {
  rows: Row[];
  /** How many rows of the file come before this chunk (to map the server's row numbers back). */
  offset: number;
}

export function chunkRows<Row>(rows: readonly Row[], size = BULK_CHUNK_ROWS): BulkChunk<Row>[] {
  const chunks: BulkChunk<Row>[] = [];
  for (let offset = 0; offset < rows.length; offset += size)
    chunks.push({ rows: rows.slice(offset, offset + size), offset });
  return chunks;
}

/**
 * The server numbers rows within the body it got; each chunk's numbers move by the rows sent
 * before it, so the user reads the line numbers of their own file whatever the chunking.
 */
export function addChunkResults(total: BulkResults, chunk: BulkResults, offset: number): BulkResults {
  return {
    success: total.success + chunk.success,
    failed: total.failed + chunk.failed,
    errors: [
      ...total.errors,
      ...chunk.errors.map((e) => ({ ...e, row: e.row + offset, error: shiftRowMentions(e.error, offset) })),
    ],
  };
}

/** The server's duplicate message names the earlier row of the same body ('first on row 5'). */
function shiftRowMentions(message: string, offset: number): string {
  return offset ? message.replace(/\bon row (\d+)/g, (_, n: string) => `on row ${Number(n) + offset}`) : message;
}

export const emptyResults = (): BulkResults => ({ success: 0, failed: 0, errors: [] });

function errorLine(e: BulkRowError): string {
  return `Row ${e.row}${e.code ? ` (${e.code})` : ''}: ${e.error}`;
}

/** The destructive toast of docs/product.md §Error texts: the first 3 errors, then 'and N more...'. */
export function bulkErrorLines(errors: readonly BulkRowError[], failed = errors.length): string[] {
  const shown = errors.slice(0, EQUIPMENT_BULK_TOAST_ERRORS).map(errorLine);
  const more = Math.max(failed, errors.length) - shown.length;
  return more > 0 ? [...shown, `and ${more} more...`] : shown;
}

/** The success toast's counts. */
export function bulkSummary(results: BulkResults): string {
  return `${results.success} imported, ${results.failed} failed`;
}
