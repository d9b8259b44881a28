import path from 'node:path';
import { utilityProcess, type UtilityProcess } from 'electron';
import type { ReaderReport, ReaderRequest } from '../../server/desktop-protocol';
import type { RotatingLog } from './rotating-log';

/** The server's worker entry; the wires reader runs it as a process (server/workers/worker-main.ts). */
export const READER_ENTRY = 'heavy-worker.js';

/**
 * Runs the wires reader processes the server asks for (issue 26) and carries their tasks and
 * replies: the server's own utilityProcess cannot start Node (RunAsNode fuse off). A process, not a
 * thread of the server, so its parsing and garbage collection run at lowered priority on threads of
 * their own (it lowers itself: worker-main.ts) instead of on the server's. Bound to one server
 * process: when that one exits, its readers are stopped.
 */
export class ReaderRelay {
  private readonly readers = new Map<number, UtilityProcess>();

  constructor(
    serverEntry: string,
    private readonly toServer: (report: ReaderReport) => void,
    private readonly log: RotatingLog,
    private readonly entry = path.join(path.dirname(serverEntry), READER_ENTRY),
  ) {}

  handle(request: ReaderRequest): void {
    if (request.type === 'reader-start') return this.start(request.reader);
    const reader = this.readers.get(request.reader);
    if (request.type === 'reader-stop') return void reader?.kill();
    if (reader) reader.postMessage(request.message);
    // Gone meanwhile: the server fails its tasks and starts another.
    else this.report({ type: 'reader-gone', reader: request.reader, message: 'The wires reader had stopped' });
  }

  /** The server exited: its readers go with it. */
  stopAll(): void {
    for (const reader of this.readers.values()) reader.kill();
  }

  private start(id: number): void {
    if (this.readers.has(id)) return;
    const child = utilityProcess.fork(this.entry, [], { stdio: 'pipe', serviceName: 'CG Bridge wires reader' });
    this.readers.set(id, child);
    child.stdout?.on('data', (chunk: Buffer) => this.log.write(chunk));
    child.stderr?.on('data', (chunk: Buffer) => this.log.write(chunk));
    child.on('message', (reply: unknown) => this.report({ type: 'reader-reply', reader: id, reply }));
    child.on('exit', (code: number) => {
      this.readers.delete(id);
      this.report({ type: 'reader-gone', reader: id, message: `The wires reader stopped (exit code ${code})` });
    });
  }

  private report(report: ReaderReport): void {
    try {
      this.toServer(report);
    } catch {
      // The server has exited: nobody is waiting for this.
    }
  }
}
