import { z } from 'zod';
import { DESKTOP_OPTIONS_ENV, isReaderReport, type HostMessage, type ServerMessage } from './desktop-protocol';
import { DesktopReaders } from './desktop-reader';
import { parentChannel, type ParentChannel } from './lib/parent-channel';
import { startServer, type RunningServer } from './index';
import { heavyWorkerEntry, workerEntry } from './workers/heavy-pool';

/**
 * The server as the desktop app runs it: in its own process (an Electron utilityProcess, or a
 * Node child_process.fork in tests), so SQLite work never blocks the window and a native crash
 * takes down only this process, which the host restarts. Handshake: `ready` (or `error`) once
 * listening; `stop` from the host closes it gracefully and answers `stopped`.
 */

const optionsSchema = z.object({
  port: z.number().int().min(0).max(65535),
  host: z.string().min(1),
  dataDir: z.string().min(1),
  baseDir: z.string().min(1),
  migrationsDir: z.string().min(1),
  webDir: z.string().min(1),
});

/** The desktop host's channel (Electron's parentPort, or Node's IPC when forked in tests). */
function hostChannel(): ParentChannel<HostMessage, ServerMessage> {
  const channel = parentChannel<HostMessage, ServerMessage>();
  if (!channel) throw new Error('server/desktop-entry must be started by the desktop host');
  // A forked child outlives a killed parent: stop with it instead of holding the port and the database.
  channel.onParentGone(() => void stop(0));
  return channel;
}

const port = hostChannel();
const readers = new DesktopReaders((message) => port.post(message));
let server: RunningServer | null = null;
let stopping: Promise<void> | null = null;

function stop(code: number): Promise<void> {
  stopping ??= (async () => {
    await server?.close();
    server = null;
    port.post({ type: 'stopped' });
    // Let the IPC message leave before the process ends.
    setImmediate(() => process.exit(code));
  })();
  return stopping;
}

/** Live connections over every station: what quitting would cut off (the host's own window included). */
function connectedClients(): number {
  return server?.hub.connectedTotal() ?? 0;
}

async function main(): Promise<void> {
  const options = optionsSchema.parse(JSON.parse(process.env[DESKTOP_OPTIONS_ENV] ?? 'null'));
  // Built: out/main/heavy-worker.js beside this bundle; as source (forked under tsx): the .ts worker.
  server = await startServer({
    ...options,
    workerEntry: heavyWorkerEntry(import.meta.url),
    outputsWorkerEntry: workerEntry(import.meta.url, 'outputs-worker'),
    cgFileWorkerEntry: workerEntry(import.meta.url, 'cg-file-worker'),
    wiresReaderHost: readers.start,
  });
  const first = server.firstRun;
  port.post({
    type: 'ready',
    url: server.url,
    port: server.port,
    firstRun: first
      ? { companyName: first.company.name, username: first.owner.username, generatedPassword: first.generatedPassword }
      : null,
    updateFeedPath: await server.services.appVersions.feeds.homeFolderPath(),
  });
}

port.onMessage((message) => {
  if (message.type === 'stop') void stop(0);
  if (message.type === 'status') port.post({ type: 'status', clients: connectedClients() });
  if (isReaderReport(message)) readers.receive(message);
});
process.once('SIGTERM', () => void stop(0));
process.once('SIGINT', () => void stop(0));

main().catch((err: unknown) => {
  const e = err as NodeJS.ErrnoException;
  port.post({ type: 'error', message: e instanceof Error ? e.message : String(err), code: e.code });
  setImmediate(() => process.exit(1));
});
