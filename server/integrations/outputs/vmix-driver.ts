import type { VmixConfig } from '../../../shared/contracts/outputs';
import { messageOf, OutputFault, textsToSet, type OutputDriver, type OutputUpdate, type SendOutcome } from './output-driver';

/**
 * vMix over its HTTP API (issue 25): one `SetText` per mapped field of the title input. Plain
 * HTTP requests, so there is no connection to keep; every call carries the dispatcher's abort.
 */
export class VmixDriver implements OutputDriver {
  private readonly abort = new AbortController();

  constructor(private readonly config: VmixConfig) {}

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
    let res: Response;
    try {
      res = await fetch(url, { signal: this.abort.signal });
    } catch (err) {
      throw new OutputFault(`vMix at ${url.host} could not be reached: ${messageOf((err as { cause?: unknown }).cause ?? err)}`, 'unreachable');
    }
    const body = await res.text();
    if (!res.ok) throw new OutputFault(`vMix answered ${res.status}: ${body.slice(0, 200) || res.statusText}`, 'refused');
    return body;
  }
}
