import { checkBulkRows, parseBulkBody } from './bulk-check';
import { parseFeedBody, type FeedParseInput } from './feed-parse';
import { readFeed, warmParseThread, type FeedReadInput } from './feed-read';
import { hashFile } from './file-hash';
import { outputClose, outputProbe, outputSend } from './output-io';
import { sheetPushPage } from './sheet-page';
import type { Equipment } from '../../shared/contracts/equipment';

/**
 * Every task the heavy worker runs, by name: functions of their payload (no database, no event
 * loop of the server's), so each can also be called in-thread by a test. The outputs tasks keep
 * their thread's open device connections between calls.
 */
export const HEAVY_TASKS = {
  /** POST /api/equipment/bulk: the raw JSON body → checked rows in insert chunks + row errors. */
  'equipment.bulkCheck': (raw: Uint8Array) => checkBulkRows(parseBulkBody(raw)),
  /** An uploaded installer, once on disk: its SHA-256 and SHA-512 (app-versions/app-version-upload.ts). */
  'file.hash': (file: string) => hashFile(file),
  /** Sync to sheet: one DB page of the catalogue → grid rows, sync hashes, digest text (sheet-transfer.ts). */
  'sheets.pushPage': (items: Equipment[]) => sheetPushPage(items),
  /** A wire feed fetched and parsed on the wires reader thread (feed-read.ts; wires.poller.ts). */
  'wires.read': (input: FeedReadInput) => readFeed(input),
  /** The wires reader started, with its parse thread, ahead of the first poll (wires.poller.ts). */
  'wires.warm': () => warmParseThread(),
  /** Inside the wires reader: a fetched feed parsed on its SCHED_IDLE thread (idle-parse.ts). */
  'wires.parse': (input: FeedParseInput) => parseFeedBody(input),
  /** The outputs thread (output-io.ts): a device driver's send, Test probe and close. */
  'outputs.send': outputSend,
  'outputs.probe': outputProbe,
  'outputs.close': outputClose,
} satisfies Record<string, (payload: never) => unknown>;

export type HeavyTaskName = keyof typeof HEAVY_TASKS;
export type HeavyTaskInput<N extends HeavyTaskName> = Parameters<(typeof HEAVY_TASKS)[N]>[0];
export type HeavyTaskOutput<N extends HeavyTaskName> = Awaited<ReturnType<(typeof HEAVY_TASKS)[N]>>;
