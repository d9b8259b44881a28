import { z } from 'zod';
import { EQUIPMENT_LIMITS } from '../../shared/constants';
import { bulkRowSchema, bulkUploadSchema, type BulkUploadResult } from '../../shared/contracts/equipment';
import { EQUIPMENT_CSV_MESSAGES, normaliseEquipmentCsvRow, type EquipmentCsvRecord } from '../../shared/equipment-csv';
import { badRequest } from '../lib/errors';
import { containsNul, parse } from '../lib/validate';

export type RowError = BulkUploadResult['results']['errors'][number];

/**
 * The contract's envelope with the rows left unchecked: the rows are checked one by one below,
 * so the first bad row is named by its index (`csvData.12: ...`).
 */
export const bulkEnvelopeSchema = bulkUploadSchema.extend({
  csvData: z
    .array(z.unknown(), { error: 'csvData must be a list of rows' })
    .min(1, EQUIPMENT_CSV_MESSAGES.noRows)
    .max(EQUIPMENT_LIMITS.bulkRows, `At most ${EQUIPMENT_LIMITS.bulkRows} rows per upload`),
});

/** Rows to insert, a few hundred per chunk as JSON text: a string crosses threads as one copy, 10 000 objects would be rebuilt on the air thread. */
export interface CheckedChunk {
  lines: number[];
  json: string;
}

export interface CheckedBulk {
  chunks: CheckedChunk[];
  errors: RowError[];
}

export const CHUNK_ROWS = 500;

/** The header is line 1 of the file, so the first data row is line 2. */
const lineOf = (index: number) => index + 2;

/** Same answers as express.json + the NUL guard gave before the body moved off the main thread. */
export function parseBulkBody(raw: Uint8Array): unknown {
  const text = new TextDecoder('utf-8').decode(raw);
  // express.json is strict: only an object or an array is a body.
  const first = /^[\s]*(.)/.exec(text)?.[1];
  let body: unknown;
  try {
    if (first !== '{' && first !== '[') throw new Error('not strict JSON');
    body = JSON.parse(text);
  } catch {
    throw badRequest('Malformed JSON body');
  }
  // Rows report their own NUL with their line (shared/equipment-csv.ts); everything else is refused.
  const rest =
    typeof body === 'object' && body !== null && !Array.isArray(body) ? { ...body, csvData: undefined } : body;
  if (containsNul(rest)) throw badRequest('Text must not contain NUL characters');
  return body;
}

/**
 * Before anything is stored: a row that is not an object refuses the whole upload (400: the
 * client is not our parser); rule breaches and repeats of a code earlier in the file become row
 * errors with their line.
 */
export function checkBulkRows(body: unknown): CheckedBulk {
  const { csvData: rows } = parse(bulkEnvelopeSchema, body);
  const errors: RowError[] = [];
  const chunks: CheckedChunk[] = [];
  let lines: number[] = [];
  let records: EquipmentCsvRecord[] = [];
  const firstLineOfCode = new Map<string, number>();
  const flush = () => {
    if (records.length > 0) chunks.push({ lines, json: JSON.stringify(records) });
    lines = [];
    records = [];
  };
  rows.forEach((raw, i) => {
    const shape = bulkRowSchema.safeParse(raw);
    if (!shape.success) throw badRequest(`csvData.${i}: ${shape.error.issues[0]?.message ?? 'Invalid row'}`);
    const result = normaliseEquipmentCsvRow(shape.data);
    if (!result.ok) return errors.push({ row: lineOf(i), code: result.code, error: result.error });
    const { code } = result.record;
    const first = firstLineOfCode.get(code);
    if (first !== undefined)
      return errors.push({ row: lineOf(i), code, error: `Duplicate code in this file (first on row ${first})` });
    firstLineOfCode.set(code, lineOf(i));
    lines.push(lineOf(i));
    records.push(result.record);
    if (records.length === CHUNK_ROWS) flush();
  });
  flush();
  return { chunks, errors };
}
