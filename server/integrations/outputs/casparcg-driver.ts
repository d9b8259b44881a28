import { BasicCasparCGAPI, CasparCG, type APIRequest, type Commands } from 'casparcg-connection';
import type { Socket } from 'node:net';
import { CG_WRITABLE_TYPES } from '../../../shared/constants';
import type { CasparcgConfig } from '../../../shared/contracts/outputs';
import {
  answerOrClose,
  DEVICE_TIMEOUT_MS,
  messageOf,
  OutputFault,
  peerText,
  textsToSet,
  type OutputDriver,
  type OutputUpdate,
  type SendOutcome,
} from './output-driver';

/** The CG types a CasparCG template gets: those chosen, or every type when none is. */
export function casparcgTypes(config: CasparcgConfig): readonly string[] {
  return config.types.length ? config.types : CG_WRITABLE_TYPES;
}

/**
 * Characters the device may send between two of our commands: an answer is a line or two (VERSION,
 * CG OK). The library keeps all it gets until a line ends and splits everything it holds again on
 * each chunk, so a peer sending megabytes without a line end would cost memory and quadratic CPU
 * on the shared outputs thread (issue 37); past this the connection is dropped.
 */
export const ANSWER_MAX_CHARS = 64 * 1024;

export interface CasparcgDriverOptions {
  /** Longest wait for the connection (with the VERSION answer the library waits for) and for each command's answer. */
  timeoutMs?: number;
}

/**
 * CasparCG over AMCP with casparcg-connection (issue 25). The template gets the texts of its types
 * as template data (JSON: { "headline": "…", … }): CG ADD with play on the first text, CG UPDATE
 * after, CG STOP once all its texts are empty. A new connection starts with CG ADD again (what the
 * server plays after a restart is unknown; ADD replaces whatever is on that CG layer).
 */
export class CasparcgDriver implements OutputDriver {
  private client: CasparCG | null = null;
  private ready: Promise<CasparCG> | null = null;
  private lost: Promise<never> | null = null;
  private added = false;
  /** Rejects on close(): whatever still waits on this driver then settles (the library's own promises never would). */
  private readonly ended: Promise<never>;
  private end: (err: OutputFault) => void = () => undefined;
  private closed = false;
  private readonly timeoutMs: number;
  /** Characters received since our last command (ANSWER_MAX_CHARS). */
  private received = 0;
  private flooded: Promise<never> | null = null;

  constructor(
    private readonly config: CasparcgConfig,
    options: CasparcgDriverOptions = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? DEVICE_TIMEOUT_MS;
    this.ended = new Promise<never>((_resolve, reject) => (this.end = reject));
    this.ended.catch(() => undefined);
  }

  get types(): readonly string[] {
    return casparcgTypes(this.config);
  }

  async send(update: OutputUpdate): Promise<SendOutcome> {
    if (!update.full && !textsToSet(update, this.types).length) return 'nothing';
    const data = Object.fromEntries(this.types.map((t) => [t, update.snapshot[t] ?? '']));
    const empty = Object.values(data).every((v) => v === '');
    const caspar = await this.connection();
    const where = { channel: this.config.channel, layer: this.config.layer, cgLayer: 1 };
    if (empty) {
      // Nothing to show: stop the template (on a new connection too — it may still be on air).
      if (this.added || update.full) await this.run(caspar.cgStop(where), 'CG STOP');
      this.added = false;
    } else if (!this.added) {
      await this.run(caspar.cgAdd({ ...where, template: this.config.template, playOnLoad: true, data }), 'CG ADD');
      this.added = true;
    } else {
      await this.run(caspar.cgUpdate({ ...where, data }), 'CG UPDATE');
    }
    return 'sent';
  }

  async probe(): Promise<string> {
    const caspar = await this.connection();
    const res = await this.run(caspar.version(), 'VERSION');
    const version =
      typeof res.data === 'object' && res.data ? ((res.data as { fullVersion?: string }).fullVersion ?? '') : '';
    return `CasparCG ${peerText(version)} answered`.replace('  ', ' ');
  }

  close(): void {
    const client = this.client;
    this.client = null;
    this.ready = null;
    this.closed = true;
    this.end(new OutputFault('The connection to CasparCG was closed', 'unreachable'));
    if (client) stopForGood(client);
  }

  private connection(): Promise<CasparCG> {
    // Closed for good: never dial again (the rejected `ended` says why).
    if (this.closed) return this.ended;
    this.ready ??= this.open();
    return this.ready;
  }

  private open(): Promise<CasparCG> {
    const { host, port } = this.config;
    // autoConnect off and our own timeout: the library would otherwise queue commands while it is
    // away and send them all on reconnect — the backlog air must never get.
    const client = new CasparCG({ host, port, autoConnect: false, timeoutTime: 60_000 });
    this.client = client;
    client.on('error', () => undefined);
    this.lost = new Promise<never>((_resolve, reject) => {
      client.once('disconnect', () => {
        this.added = false;
        reject(new OutputFault(`CasparCG at ${host}:${port} closed the connection`, 'unreachable'));
      });
    });
    this.lost.catch(() => undefined);
    const connected = new Promise<CasparCG>((resolve) => client.once('connect', () => resolve(client)));
    client.connect();
    this.flooded = this.watchFlood(client, `${host}:${port}`);
    // The library says 'connect' only after its VERSION answer: a peer that accepts TCP and never
    // answers (not AMCP, or hung) would otherwise hold this forever (issue 37).
    const opened = Promise.race([connected, this.lost, refused(client, `${host}:${port}`), this.flooded, this.ended]);
    return this.timed(opened, `CasparCG at ${host}:${port}`, '(it took the connection: is AMCP on that port?)');
  }

  /** Sends one command and waits for its reply (or the connection's end); a 4xx/5xx is the device saying no. */
  private async run<C extends Commands>(sent: Promise<APIRequest<C>>, name: string) {
    const lost = Promise.race([
      this.lost ?? Promise.reject(new OutputFault('Not connected', 'unreachable')),
      this.flooded ?? this.ended,
      this.ended,
    ]);
    this.received = 0;
    const outcome = await this.timed(Promise.race([sent, lost]), `CasparCG (${name})`);
    const request = outcome.error === undefined ? outcome.request : undefined;
    if (!request)
      throw new OutputFault(`CasparCG ${name} could not be sent: ${peerText(messageOf(outcome.error))}`, 'unreachable');
    const res = await this.timed(Promise.race([request, lost]), `CasparCG (${name})`);
    if (res.responseCode >= 400)
      throw new OutputFault(
        `CasparCG refused ${name}: ${res.responseCode} ${peerText(res.message || '')}`.trim(),
        'refused',
      );
    return res;
  }

  /** `work` within the driver's limit; past it the driver closes (answerOrClose). */
  private timed<T>(work: Promise<T>, what: string, hint?: string): Promise<T> {
    return answerOrClose(work, this.timeoutMs, what, () => this.close(), hint);
  }

  /** Rejects, and closes the driver, once the device sends more than ANSWER_MAX_CHARS between two commands. */
  private watchFlood(client: CasparCG, where: string): Promise<never> {
    const p = new Promise<never>((_resolve, reject) => {
      // Before the library's own listener, so the chunk that crosses the line is its last.
      socketOf(client)?.prependListener('data', (chunk: string | Buffer) => {
        this.received += chunk.length;
        if (this.received <= ANSWER_MAX_CHARS) return;
        reject(
          new OutputFault(
            `CasparCG at ${where} sent more than ${ANSWER_MAX_CHARS / 1024} KB without an answer; the connection was dropped`,
            'unreachable',
          ),
        );
        this.close();
      });
    });
    p.catch(() => undefined);
    return p;
  }
}

/** The library's socket (created by connect()); its API has no way to reach it. */
const socketOf = (client: CasparCG): Socket | undefined =>
  (client as unknown as { _connection?: { _socket?: Socket } })._connection?._socket;

/**
 * The library swallows ECONNREFUSED (it just redials in 5 s), which would leave the operator with
 * "No answer"; its socket is listened to directly so "nothing listens there" is said at once.
 */
function refused(client: CasparCG, where: string): Promise<never> {
  const p = new Promise<never>((_resolve, reject) => {
    socketOf(client)?.once('error', (err: NodeJS.ErrnoException) =>
      reject(
        new OutputFault(
          `CasparCG at ${where} could not be reached (${err.code ?? err.message}): is it running, and is AMCP on that port?`,
          'unreachable',
        ),
      ),
    );
  });
  p.catch(() => undefined);
  return p;
}

/**
 * casparcg-connection v6 has no way to stop for good: after disconnect() its socket's close
 * handler schedules a reconnect in 5 s. We end the socket ourselves with its handlers removed, so
 * a closed driver never dials the server again. The base API's discard() stops the timeout timer;
 * CasparCG's own discard() is the AMCP DISCARD command, which a close must never send to air.
 */
function stopForGood(client: CasparCG): void {
  // disconnect() (inside discard) would schedule a reconnect, so the socket's close handlers go first.
  const conn0 = (client as unknown as { _connection?: { _socket?: Socket } })._connection;
  conn0?._socket?.removeAllListeners('close');
  BasicCasparCGAPI.prototype.discard.call(client);
  client.removeAllListeners();
  const conn = (client as unknown as { _connection?: { _socket?: Socket; removeAllListeners(): void } })._connection;
  const socket = conn?._socket;
  conn?.removeAllListeners();
  if (socket) {
    socket.removeAllListeners();
    socket.on('error', () => undefined);
    socket.destroy();
  }
}
