import { checkBulkRows, parseBulkBody } from './bulk-check';
import { FEED_PARSE_TASKS } from './feed-parse';
import { readFeed, warmParseThread } from './feed-read';
import { hashFile } from './file-hash';
import { sheetPushPage } from './sheet-page';
import type { Equipment } from '../../shared/contracts/equipment';

/**
 * The heavy jobs' tasks, by name (entry: heavy-worker.ts): functions of their payload (no
 * database, no event loop of the server's), so each can also be called in-thread by a test.
 */
export const HEAVY_TASKS = {
  /** POST /api/equipment/bulk: the raw JSON body → checked rows in insert chunks + row errors. */
  'equipment.bulkCheck': (raw: Uint8Array) => checkBulkRows(parseBulkBody(raw)),
  /** An uploaded installer, once on disk: its SHA-256 and SHA-512 (app-versions/app-version-upload.ts). */
  'file.hash': (file: string) => hashFile(file),
  /** Sync to sheet: one DB page of the catalogue → grid rows, sync hashes, digest text (sheet-transfer.ts). */
  'sheets.pushPage': (items: Equipment[]) => sheetPushPage(items),
  /** Inside the wires reader: a fetched feed parsed on its idle thread (idle-parse.ts). */
  ...FEED_PARSE_TASKS,
};

/**
 * The wires reader's tasks (a process of its own, same entry): a feed fetched and parsed
 * (feed-read.ts; wires.poller.ts), and the reader with its parse thread started ahead of the first poll.
 */
export const WIRES_TASKS = {
  'wires.read': readFeed,
  'wires.warm': warmParseThread,
};

export type HeavyTasks = typeof HEAVY_TASKS;
export type WiresTasks = typeof WIRES_TASKS;
