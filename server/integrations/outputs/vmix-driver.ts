import http from 'node:http';
import https from 'node:https';
import type { VmixConfig } from '../../../shared/contracts/outputs';
import { messageOf, OutputFault, textsToSet, type OutputDriver, type OutputUpdate, type SendOutcome } from './output-driver';

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

  constructor(private readonly config: VmixConfig) {
    // vMix is plain http on the LAN; https (behind a proxy) is allowed by the contract too.
    this.secure = new URL(config.url).protocol === 'https:';
    this.agent = this.secure ? new https.Agent({ keepAlive: true, maxSockets: 1 }) : new http.Agent({ keepAlive: true, maxSockets: 1 });
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
      await this.call({ Function: 'SetText', Input: this.config.input, SelectedName: fields.get(type) ?? '', Value: value });
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
      throw new OutputFault(`vMix at ${url.host} could not be reached: ${messageOf(err)}`, 'unreachable');
    }
    if (answer.status < 200 || answer.status > 299) throw new OutputFault(`vMix answered ${answer.status}: ${answer.body.slice(0, 200) || http.STATUS_CODES[answer.status] || ''}`, 'refused');
    return answer.body;
  }

  private get(url: URL): Promise<{ status: number; body: string }> {
    return new Promise((resolve, reject) => {
      const req = (this.secure ? https : http).get(url, { agent: this.agent, signal: this.abort.signal }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      });
      req.on('error', reject);
    });
  }
}
