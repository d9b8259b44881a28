import { BasicCasparCGAPI, CasparCG, type APIRequest, type Commands } from 'casparcg-connection';
import type { Socket } from 'node:net';
import { CG_WRITABLE_TYPES } from '../../../shared/constants';
import type { CasparcgConfig } from '../../../shared/contracts/outputs';
import { messageOf, OutputFault, textsToSet, type OutputDriver, type OutputUpdate, type SendOutcome } from './output-driver';

/** The CG types a CasparCG template gets: those chosen, or every type when none is. */
export function casparcgTypes(config: CasparcgConfig): readonly string[] {
  return config.types.length ? config.types : CG_WRITABLE_TYPES;
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

  constructor(private readonly config: CasparcgConfig) {}

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
    return `CasparCG ${typeof res.data === 'object' && res.data ? (res.data as { fullVersion?: string }).fullVersion ?? '' : ''} answered`.replace('  ', ' ');
  }

  close(): void {
    const client = this.client;
    this.client = null;
    this.ready = null;
    if (client) stopForGood(client);
  }

  private connection(): Promise<CasparCG> {
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
    return Promise.race([connected, this.lost, refused(client, `${host}:${port}`)]);
  }

  /** Sends one command and waits for its reply (or the connection's end); a 4xx/5xx is the device saying no. */
  private async run<C extends Commands>(sent: Promise<APIRequest<C>>, name: string) {
    const lost = this.lost ?? Promise.reject(new OutputFault('Not connected', 'unreachable'));
    const outcome = await Promise.race([sent, lost]);
    const request = outcome.error === undefined ? outcome.request : undefined;
    if (!request) throw new OutputFault(`CasparCG ${name} could not be sent: ${messageOf(outcome.error)}`, 'unreachable');
    const res = await Promise.race([request, lost]);
    if (res.responseCode >= 400) throw new OutputFault(`CasparCG refused ${name}: ${res.responseCode} ${res.message || ''}`.trim(), 'refused');
    return res;
  }
}

/**
 * The library swallows ECONNREFUSED (it just redials in 5 s), which would leave the operator with
 * "No answer"; its socket is listened to directly so "nothing listens there" is said at once.
 */
function refused(client: CasparCG, where: string): Promise<never> {
  const socket = (client as unknown as { _connection?: { _socket?: Socket } })._connection?._socket;
  const p = new Promise<never>((_resolve, reject) => {
    socket?.once('error', (err: NodeJS.ErrnoException) => reject(new OutputFault(`CasparCG at ${where} could not be reached (${err.code ?? err.message}): is it running, and is AMCP on that port?`, 'unreachable')));
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
