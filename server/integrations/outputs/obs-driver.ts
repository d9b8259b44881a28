import OBSWebSocket, {
  OBSWebSocketError,
  type OBSRequestTypes,
  type OBSResponseTypes,
  type RequestBatchRequest,
} from 'obs-websocket-js/json';
import type { ObsConfig, ObsMapping } from '../../../shared/contracts/outputs';
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

/** obs-websocket's close codes that mean "you were refused", not "the line dropped". */
const REFUSED_CLOSE_CODES = new Set([4009, 4010, 4011, 4012]);

/**
 * OBS over obs-websocket v5 (issue 25): each mapped CG type's text source gets SetInputSettings
 * { text }; where a scene is named, the source's scene item is hidden while its text is empty and
 * shown when not. The JSON subprotocol (obs-websocket speaks JSON and MessagePack; JSON keeps the
 * wire readable in logs and fakes). One change is one RequestBatch (op 8), halted at the first
 * failure: every text and visibility of it in one message and one round trip, so a line that drops
 * halfway never leaves a text set with its item still hidden, and the device has it all at once.
 */
export class ObsDriver implements OutputDriver {
  private obs: OBSWebSocket | null = null;
  private ready: Promise<OBSWebSocket> | null = null;
  /** Rejects once the connection closes: a call in flight then never waits for a reply that cannot come. */
  private closed: Promise<never> | null = null;
  /**
   * Rejects on close(): a hung peer never completes WebSocket's closing handshake, so the library's
   * ConnectionClosed would come only after ws's 30 s close timeout (issue 37).
   */
  private readonly ended: Promise<never>;
  private end: (err: OutputFault) => void = () => undefined;
  private isEnded = false;
  private readonly itemIds = new Map<string, number>();

  constructor(
    private readonly config: ObsConfig,
    private readonly timeoutMs = DEVICE_TIMEOUT_MS,
  ) {
    this.ended = new Promise<never>((_resolve, reject) => (this.end = reject));
    this.ended.catch(() => undefined);
  }

  get types(): readonly string[] {
    return this.config.mapping.map((m) => m.type);
  }

  async send(update: OutputUpdate): Promise<SendOutcome> {
    const byType = new Map<string, ObsMapping>(this.config.mapping.map((m) => [m.type, m]));
    const texts = textsToSet(update, [...byType.keys()]);
    if (!texts.length) return 'nothing';
    const obs = await this.connection();
    const batch: RequestBatchRequest[] = [];
    for (const [type, text] of texts) {
      const m = byType.get(type);
      if (!m) continue;
      batch.push({ requestType: 'SetInputSettings', requestData: { inputName: m.input, inputSettings: { text } } });
      if (m.scene) {
        const sceneItemId = await this.sceneItemId(obs, m.scene, m.input);
        batch.push({
          requestType: 'SetSceneItemEnabled',
          requestData: { sceneName: m.scene, sceneItemId, sceneItemEnabled: text !== '' },
        });
      }
    }
    await this.callBatch(obs, batch);
    return 'sent';
  }

  async probe(): Promise<string> {
    const obs = await this.connection();
    const v = await this.call(obs, 'GetVersion', undefined as never);
    return `OBS ${peerText(v.obsVersion)} (obs-websocket ${peerText(v.obsWebSocketVersion)}) answered`;
  }

  close(): void {
    const obs = this.obs;
    this.obs = null;
    this.ready = null;
    this.isEnded = true;
    this.end(new OutputFault('The connection to OBS was closed', 'unreachable'));
    if (obs) obs.disconnect().catch(() => undefined);
  }

  private connection(): Promise<OBSWebSocket> {
    // Closed for good: never dial again.
    if (this.isEnded) return this.ended;
    this.ready ??= this.open();
    return this.ready;
  }

  private async open(): Promise<OBSWebSocket> {
    const obs = new OBSWebSocket();
    this.obs = obs;
    this.closed = new Promise<never>((_resolve, reject) => {
      obs.once('ConnectionClosed', (e) => reject(fault(e, 'OBS closed the connection')));
    });
    this.closed.catch(() => undefined);
    try {
      // A peer that takes the connection and never says Hello must not hold this forever.
      await this.timed(
        Promise.race([obs.connect(this.config.url, this.config.password ?? undefined, { rpcVersion: 1 }), this.ended]),
        `OBS at ${this.config.url}`,
        '(is it obs-websocket 5?)',
      );
    } catch (err) {
      const failed = fault(err, `OBS at ${this.config.url} could not be reached`);
      // Nothing answered: say what to check, as CasparCG's errors do (issue 39). A refusal
      // (password, version) or a timeout already says what happened.
      if (failed.kind !== 'unreachable' || err instanceof OutputFault) throw failed;
      throw new OutputFault(
        `${failed.message} — is OBS running, and is its WebSocket server (Tools → WebSocket Server Settings) on that port?`,
        'unreachable',
      );
    }
    return obs;
  }

  /** `work` within the driver's limit; past it the driver closes (answerOrClose). */
  private timed<T>(work: Promise<T>, what: string, hint?: string): Promise<T> {
    return answerOrClose(work, this.timeoutMs, what, () => this.close(), hint);
  }

  /** What a call waits for besides its answer: the connection's end, or this driver's. */
  private stops(): Array<Promise<never>> {
    return [this.closed ?? Promise.reject(new Error('Not connected')), this.ended];
  }

  /** The source's item in the scene, asked once per connection's driver and kept. */
  private async sceneItemId(obs: OBSWebSocket, sceneName: string, sourceName: string): Promise<number> {
    const key = `${sceneName}\u0000${sourceName}`;
    let sceneItemId = this.itemIds.get(key);
    if (sceneItemId === undefined) {
      sceneItemId = (await this.call(obs, 'GetSceneItemId', { sceneName, sourceName })).sceneItemId;
      this.itemIds.set(key, sceneItemId);
    }
    return sceneItemId;
  }

  /** The requests in order, stopped at the first that OBS refuses — that one is the fault. */
  private async callBatch(obs: OBSWebSocket, requests: RequestBatchRequest[]): Promise<void> {
    let results: Awaited<ReturnType<OBSWebSocket['callBatch']>>;
    try {
      results = await this.timed(
        Promise.race([obs.callBatch(requests, { haltOnFailure: true }), ...this.stops()]),
        'OBS (RequestBatch)',
      );
    } catch (err) {
      throw fault(err, `OBS ${requests[0]?.requestType ?? 'request'} failed`);
    }
    const failed = results.find((r) => !r.requestStatus.result);
    if (failed?.requestStatus.result === false) {
      const { code, comment } = failed.requestStatus;
      // Every word of it is the device's (the request's name too, as it echoes it).
      throw new OutputFault(
        `OBS ${peerText(failed.requestType)} failed: ${peerText(comment) || `code ${peerText(code)}`}`,
        'refused',
      );
    }
  }

  private async call<T extends keyof OBSRequestTypes>(
    obs: OBSWebSocket,
    type: T,
    data: OBSRequestTypes[T],
  ): Promise<OBSResponseTypes[T]> {
    try {
      return await this.timed(Promise.race([obs.call(type, data), ...this.stops()]), `OBS (${type})`);
    } catch (err) {
      throw fault(err, `OBS ${type} failed`);
    }
  }
}

function fault(err: unknown, context: string): OutputFault {
  if (err instanceof OutputFault) return err;
  if (err instanceof OBSWebSocketError) {
    // Request failures (codes 100–999) and auth/version refusals are the device saying no.
    const refused = (err.code >= 100 && err.code < 1000) || REFUSED_CLOSE_CODES.has(err.code);
    // The message is the device's (a request's comment, a close reason): capped like any text it sends.
    const words =
      err.code === 4009
        ? 'OBS refused the password (check the WebSocket server password)'
        : `${context}: ${peerText(err.message) || `code ${peerText(err.code)}`}`;
    return new OutputFault(words, refused ? 'refused' : 'unreachable');
  }
  return new OutputFault(`${context}: ${peerText(messageOf(err))}`, 'unreachable');
}
