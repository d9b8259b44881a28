/**
 * Messages between the desktop host (electron/main) and the server it runs in a utilityProcess
 * (server/desktop-entry.ts). Both ends are ours and ship in one bundle, so plain types suffice;
 * the host still checks `type` before trusting a message.
 */

/** What the host passes to the server process (JSON in the CGB_DESKTOP environment variable). */
export interface DesktopServerOptions {
  port: number;
  host: string;
  dataDir: string;
  baseDir: string;
  migrationsDir: string;
  webDir: string;
}

export const DESKTOP_OPTIONS_ENV = 'CGB_DESKTOP';

export type ServerMessage =
  | {
      type: 'ready';
      url: string;
      port: number;
      firstRun: { companyName: string; username: string; generatedPassword?: string } | null;
      /** Path of this station's update-feed folder on the server (issue 23), null without a company. */
      updateFeedPath: string | null;
    }
  /** Start-up failed; `code` is Node's error code (EADDRINUSE: the host offers another port). */
  | { type: 'error'; message: string; code?: string }
  | { type: 'status'; clients: number }
  | { type: 'stopped' }
  | ReaderRequest;

/**
 * The wires reader as a process of its own (issue 26): the server's utilityProcess cannot start
 * Node, so it asks the host to run heavy-worker.js in another utilityProcess and relays tasks
 * through it (electron/main/reader-relay.ts). `reader` numbers each process the server asked for,
 * so a late message of a stopped one never reaches its successor.
 */
export type ReaderRequest =
  | { type: 'reader-start'; reader: number }
  | { type: 'reader-task'; reader: number; message: unknown }
  | { type: 'reader-stop'; reader: number };

export type ReaderReport =
  { type: 'reader-reply'; reader: number; reply: unknown } | { type: 'reader-gone'; reader: number; message: string };

export type HostMessage = { type: 'stop' } | { type: 'status' } | ReaderReport;

const READER_REQUEST_TYPES = new Set<string>([
  'reader-start',
  'reader-task',
  'reader-stop',
] satisfies ReaderRequest['type'][]);
const SERVER_MESSAGE_TYPES = new Set<string>(['ready', 'error', 'status', 'stopped', ...READER_REQUEST_TYPES]);

/** A server message for the wires reader relay (electron/main/reader-relay.ts). */
export const isReaderRequest = (message: ServerMessage): message is ReaderRequest =>
  READER_REQUEST_TYPES.has(message.type);

/** A host message for the server's end of the relay (server/desktop-reader.ts). */
export const isReaderReport = (message: HostMessage): message is ReaderReport =>
  message.type === 'reader-reply' || message.type === 'reader-gone';

export function isServerMessage(value: unknown): value is ServerMessage {
  const type = (value as { type?: unknown } | null)?.type;
  return typeof type === 'string' && SERVER_MESSAGE_TYPES.has(type);
}
