import { utilityProcess, type UtilityProcess } from 'electron';
import {
  DESKTOP_OPTIONS_ENV,
  isReaderRequest,
  isServerMessage,
  type DesktopServerOptions,
  type HostMessage,
  type ServerMessage,
} from '../../server/desktop-protocol';
import { ReaderRelay } from './reader-relay';
import { decideRestart, DEFAULT_RESTART_POLICY, type RestartPolicy } from './restart-policy';
import type { RotatingLog } from './rotating-log';

export type ReadyMessage = Extract<ServerMessage, { type: 'ready' }>;

/** A start that failed before `ready` (port in use, bad database): not retried, the operator decides. */
export class ServerStartError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

export interface SupervisorListener {
  /** Every `ready`, the first and each one after a restart. */
  onReady(ready: ReadyMessage): void;
  /** The server died unexpectedly; it restarts in `delayMs`, or null when the host gave up. */
  onCrash(exitCode: number, delayMs: number | null): void;
}

/** How long a graceful stop may take (in-flight CG writes, SQLite close) before a kill. */
const STOP_TIMEOUT_MS = 15_000;

/**
 * Runs server/desktop-entry in an Electron utilityProcess and keeps it running: handshake on
 * start, log lines to the rotating file, restart with backoff after a crash (on the port it first
 * bound, so LAN clients reconnect to the same address), graceful stop on quit.
 */
export class ServerSupervisor {
  private child: UtilityProcess | null = null;
  private startedAt = 0;
  private quickCrashes = 0;
  private stopping: Promise<void> | null = null;
  private restartTimer: NodeJS.Timeout | null = null;
  private lastStatus: ((clients: number) => void) | null = null;

  constructor(
    private readonly entry: string,
    private options: DesktopServerOptions,
    private readonly log: RotatingLog,
    private readonly listener: SupervisorListener,
    private readonly policy: RestartPolicy = DEFAULT_RESTART_POLICY,
  ) {}

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** The port the server asks for (the one it bound, once ready). */
  get port(): number {
    return this.options.port;
  }

  /** A different port for the next start (the operator took the next free one). */
  set port(port: number) {
    this.options = { ...this.options, port };
  }

  /** Starts the server and resolves on its `ready`; rejects with ServerStartError if it never got there. */
  start(): Promise<ReadyMessage> {
    return new Promise((resolve, reject) => this.spawn(resolve, reject));
  }

  /** Live connections the server has (0 when it is not running or does not answer within a second). */
  connectedClients(): Promise<number> {
    const child = this.child;
    if (!child) return Promise.resolve(0);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(0), 1_000);
      this.lastStatus = (n) => {
        clearTimeout(timer);
        resolve(n);
      };
      this.send({ type: 'status' });
    });
  }

  /** Asks the server to stop (it finishes CG writes and closes SQLite); kills it if it hangs. */
  stop(): Promise<void> {
    if (this.restartTimer) clearTimeout(this.restartTimer);
    this.stopping ??= new Promise<void>((resolve) => {
      const child = this.child;
      if (!child) return resolve();
      const timer = setTimeout(() => {
        this.log.line('WARN', `server did not stop within ${STOP_TIMEOUT_MS} ms: killing it`);
        child.kill();
      }, STOP_TIMEOUT_MS);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      this.send({ type: 'stop' });
    });
    return this.stopping;
  }

  private send(message: HostMessage): void {
    this.child?.postMessage(message);
  }

  private spawn(onReady?: (r: ReadyMessage) => void, onFail?: (e: Error) => void): void {
    const env = { ...process.env, [DESKTOP_OPTIONS_ENV]: JSON.stringify(this.options) };
    const child = utilityProcess.fork(this.entry, [], { env, stdio: 'pipe', serviceName: 'CG Bridge server' });
    this.child = child;
    const readers = new ReaderRelay(this.entry, (report) => child.postMessage(report), this.log);
    child.stdout?.on('data', (chunk: Buffer) => this.log.write(chunk));
    child.stderr?.on('data', (chunk: Buffer) => this.log.write(chunk));
    let ready = false;
    let failure: ServerStartError | null = null;
    child.on('message', (message: unknown) => {
      if (!isServerMessage(message)) return;
      if (message.type === 'ready') {
        ready = true;
        this.startedAt = Date.now();
        // A restart must come back on the same port: LAN browsers and phones reconnect to it.
        this.options = { ...this.options, port: message.port };
        this.log.line('INFO', `server ready on port ${message.port} (pid ${child.pid})`);
        onReady?.(message);
        this.listener.onReady(message);
      } else if (message.type === 'error') {
        failure = new ServerStartError(message.message, message.code);
        this.log.line('ERROR', `server failed to start: ${message.message}`);
      } else if (message.type === 'status') {
        this.lastStatus?.(message.clients);
      } else if (isReaderRequest(message)) {
        readers.handle(message);
      }
    });
    child.on('exit', (code: number) => {
      readers.stopAll();
      if (this.child === child) this.child = null;
      if (this.stopping) return this.log.line('INFO', `server stopped (exit ${code})`);
      if (!ready)
        return onFail?.(failure ?? new ServerStartError(`server exited with code ${code} before it was ready`));
      this.crashed(code);
    });
  }

  private crashed(code: number): void {
    const decision = decideRestart(this.quickCrashes, Date.now() - this.startedAt, this.policy);
    this.quickCrashes = decision.quickCrashes;
    if (!decision.restart) {
      this.log.line(
        'ERROR',
        `server exited with code ${code}; ${decision.quickCrashes} quick crashes in a row: not restarting`,
      );
      this.listener.onCrash(code, null);
      return;
    }
    this.log.line('WARN', `server exited with code ${code}; restarting in ${decision.delayMs} ms`);
    this.listener.onCrash(code, decision.delayMs);
    this.restartTimer = setTimeout(() => {
      this.restartTimer = null;
      this.spawn(undefined, (err) => {
        // A restart that fails before ready (port grabbed meanwhile) counts as another quick crash.
        this.log.line('ERROR', `restart failed: ${err.message}`);
        this.startedAt = Date.now();
        this.crashed(1);
      });
    }, decision.delayMs);
  }
}
