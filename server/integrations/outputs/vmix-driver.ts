import http from 'node:http';
import https from 'node:https';
import type { VmixConfig } from '../../../shared/contracts/outputs';
import {
  DEVICE_TIMEOUT_MS,
  DeviceTimeout,
  messageOf,
  OutputFault,
  peerText,
  textsToSet,
  type OutputDriver,
  type OutputUpdate,
  type SendOutcome,
} from './output-driver';

/**
 * Bytes of an answer read at most. The probe's XML state (version, inputs) of a busy production
 * is a few KB; a SetText answer a line. The rest of a longer answer is never read: the response is
 * destroyed, so a peer streaming 600 MB costs a 64 KB buffer (issue 37).
 */
export const ANSWER_MAX_BYTES = 64 * 1024;

/**
 * vMix over its HTTP API (issue 25): one `SetText` per mapped field of the title input; every
 * call carries the dispatcher's abort. node:http on a keep-alive agent, not fetch: a CG write
 * runs next to these calls on the air thread, and undici's fetch cost ~1 ms of it per call
 * (bench/outputs.ts: the hot path's p50 rose 3.0 → 4.0 ms with four outputs on).
 */
export class VmixDriver implements OutputDriver {
  private readonly abort = new AbortController();
  private readonly secure: boolean;
  private readonly agent: http.Agent;

  constructor(
    private readonly config: VmixConfig,
    private readonly timeoutMs = DEVICE_TIMEOUT_MS,
  ) {
    // vMix is plain http on the LAN; https (behind a proxy) is allowed by the contract too.
    this.secure = new URL(config.url).protocol === 'https:';
    this.agent = this.secure
      ? new https.Agent({ keepAlive: true, maxSockets: 1 })
      : new http.Agent({ keepAlive: true, maxSockets: 1 });
  }

  get types(): readonly string[] {
    return this.config.mapping.map((m) => m.type);
  }

  async send(update: OutputUpdate): Promise<SendOutcome> {
    const fields = new Map<string, string>(this.config.mapping.map((m) => [m.type, m.field]));
    const texts = textsToSet(update, [...fields.keys()]);
    if (!texts.length) return 'nothing';
    // In order, one at a time: vMix applies them as they arrive, and a failure stops the rest.
    for (const [type, value] of texts) {
      await this.call({
        Function: 'SetText',
        Input: this.config.input,
        SelectedName: fields.get(type) ?? '',
        Value: value,
      });
    }
    return 'sent';
  }

  async probe(): Promise<string> {
    const xml = await this.call({});
    const version = /<version>([^<]{1,40})<\/version>/.exec(xml)?.[1];
    const input = this.inputExists(xml);
    return `vMix ${version ?? '(version not given)'} answered${input}`;
  }

  close(): void {
    this.abort.abort();
    this.agent.destroy();
  }

  private inputExists(xml: string): string {
    const wanted = this.config.input;
    const found = [...xml.matchAll(/<input\b([^>]*)>/g)].some((m) => {
      const attrs = m[1] ?? '';
      return [`key="${wanted}"`, `number="${wanted}"`, `title="${wanted}"`].some((a) => attrs.includes(a));
    });
    return found ? `; title input "${wanted}" found` : `; title input "${wanted}" not found in its input list`;
  }

  private async call(params: Record<string, string>): Promise<string> {
    const url = new URL('/api/', this.config.url);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    let answer: { status: number; body: string };
    try {
      answer = await this.get(url);
    } catch (err) {
      if (err instanceof OutputFault) throw err;
      // What to check, as CasparCG's errors say it (issue 39).
      throw new OutputFault(
        `vMix at ${url.host} could not be reached: ${messageOf(err)} — is vMix running, and is its Web Controller (Settings → Web Controller) on that port?`,
        'unreachable',
      );
    }
    if (answer.status < 200 || answer.status > 299)
      throw new OutputFault(
        `vMix answered ${answer.status}: ${peerText(answer.body) || http.STATUS_CODES[answer.status] || ''}`,
        'refused',
      );
    return answer.body;
  }

  /** One GET: its status and the first ANSWER_MAX_BYTES of its body, within the driver's limit (headers and body). */
  private get(url: URL): Promise<{ status: number; body: string }> {
    return new Promise((resolve, reject) => {
      let response: http.IncomingMessage | undefined;
      const req = (this.secure ? https : http).get(url, { agent: this.agent, signal: this.abort.signal }, (res) => {
        response = res;
        readPrefix(res, ANSWER_MAX_BYTES).then((body) => resolve({ status: res.statusCode ?? 0, body }), reject);
      });
      // A whole-request limit, not the socket's idle timeout: a peer dripping a byte a second is never idle.
      const timer = setTimeout(() => {
        const late = new DeviceTimeout(
          `vMix at ${url.host} did not answer within ${this.timeoutMs / 1000} s`,
          'unreachable',
        );
        if (response) response.destroy(late);
        else req.destroy(late);
      }, this.timeoutMs);
      req.on('close', () => clearTimeout(timer));
      req.on('error', reject);
    });
  }
}

/** The first `max` bytes of an answer as text; past them the response is destroyed, the rest never read. */
function readPrefix(res: http.IncomingMessage, max: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = () => resolve(Buffer.concat(chunks).toString('utf8'));
    res.on('data', (chunk: Buffer) => {
      const kept = chunk.subarray(0, max - size);
      chunks.push(kept);
      size += kept.length;
      if (size < max) return;
      res.destroy();
      done();
    });
    res.on('end', done);
    res.on('error', reject);
  });
}
