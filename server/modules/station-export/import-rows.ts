import fs from 'node:fs';
import { ImportRefused } from './import-archive';
import type { ImportTable } from './import-schema';

/** A row as the archive holds it: SQL column names, values as SQLite stores them. */
export type StoredRow = Record<string, unknown>;
/** A row as drizzle inserts it: drizzle keys, values as the schema types them (booleans, parsed JSON). */
export type Row = Record<string, unknown>;

const READ_BYTES = 1024 * 1024;

/**
 * The lines of an unpacked table file, read synchronously a megabyte at a time: the import's write
 * body awaits its queries only (docs/postgresql.md), and the file is never whole in memory. Lines
 * are split on the byte, so a character split between two reads stays whole.
 */
export function* linesOf(file: string): Generator<string> {
  const fd = fs.openSync(file, 'r');
  try {
    const buffer = Buffer.alloc(READ_BYTES);
    let rest = Buffer.alloc(0);
    for (;;) {
      const read = fs.readSync(fd, buffer, 0, READ_BYTES, null);
      if (read === 0) break;
      let data = Buffer.concat([rest, buffer.subarray(0, read)]);
      for (let nl = data.indexOf(10); nl >= 0; nl = data.indexOf(10)) {
        yield data.subarray(0, nl).toString('utf8');
        data = data.subarray(nl + 1);
      }
      rest = Buffer.from(data);
    }
    if (rest.length) yield rest.toString('utf8');
  } finally {
    fs.closeSync(fd);
  }
}

/** The stored rows of a table file, each checked to be an object of known columns. */
export function* storedRowsOf(table: ImportTable, file: string): Generator<StoredRow> {
  let line = 0;
  for (const text of linesOf(file)) {
    line += 1;
    let row: unknown;
    try {
      row = JSON.parse(text);
    } catch {
      throw new ImportRefused(`tables/${table.name}.jsonl line ${line} is not valid JSON`);
    }
    if (typeof row !== 'object' || row === null || Array.isArray(row))
      throw new ImportRefused(`tables/${table.name}.jsonl line ${line} is not a row object`);
    for (const column of Object.keys(row))
      if (!table.columns.has(column))
        throw new ImportRefused(
          `tables/${table.name}.jsonl has a column this version of CG Bridge does not know: ${column}`,
        );
    yield row as StoredRow;
  }
}

/**
 * A stored row in drizzle's terms: each value through its SQLite column's mapping (0/1 → boolean,
 * JSON text → value), which the target engine's table maps back on insert — as the move to
 * PostgreSQL copies rows (server/db/move/). Columns missing from an older archive are left out,
 * so the insert gives them their defaults.
 */
export function toRow(table: ImportTable, stored: StoredRow): Row {
  const row: Row = {};
  for (const [name, value] of Object.entries(stored)) {
    const { key, column } = table.columns.get(name)!;
    row[key] = value === null ? null : column.mapFromDriverValue(value);
  }
  return row;
}

/** Lists of at most `size` from a generator (one multi-row insert each). */
export function* batches<T>(items: Iterable<T>, size: number): Generator<T[]> {
  let batch: T[] = [];
  for (const item of items) {
    batch.push(item);
    if (batch.length >= size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length) yield batch;
}
