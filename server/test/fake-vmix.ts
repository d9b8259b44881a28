import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FakeMode } from './fake-device';

export interface VmixCall {
  fn: string;
  input: string | null;
  selectedName: string | null;
  value: string | null;
}

export interface FakeVmix {
  url: string;
  mode: FakeMode;
  /** Function calls received, in order. */
  calls: VmixCall[];
  /** `input/field` → text, as set by SetText. */
  fields: Map<string, string>;
  /**
   * Set: the XML state (GET /api/) is this many bytes, streamed with backpressure — the real
   * state first, then filler inputs (issue 37: a hostile peer answers 600 MB).
   */
  stateBytes: number;
  /** Bytes of the last streamed state written before the client stopped reading (or all of it). */
  stateBytesWritten: number;
  stateFinished: boolean;
  /** A function call is answered (and takes effect) this many ms after it arrives: a slow device. */
  answerAfterMs: number;
  close(): Promise<void>;
}

const STATE_HEAD =
  '<vmix><version>27.0.0.49</version><inputs><input key="6a1b" number="1" type="GT" title="Lower Third">Lower Third</input>';
const STATE_TAIL = '</inputs></vmix>';

/** The XML state padded to `bytes` with filler inputs, written as fast as the client reads it. */
function streamState(res: http.ServerResponse, fake: FakeVmix): void {
  res.writeHead(200, { 'content-type': 'text/xml' });
  fake.stateBytesWritten = 0;
  fake.stateFinished = false;
  const filler = Buffer.from('<input key="0000" number="2" type="Blank" title="Filler">Filler</input>'.repeat(1000));
  res.on('error', () => undefined);
  res.write(STATE_HEAD);
  const pump = () => {
    while (fake.stateBytesWritten < fake.stateBytes) {
      fake.stateBytesWritten += filler.length;
      if (!res.write(filler)) return void res.once('drain', pump);
    }
    fake.stateFinished = true;
    res.end(STATE_TAIL);
  };
  pump();
}

/**
 * vMix's HTTP API (issue 25): GET /api/ answers the XML state (version, inputs); GET
 * /api/?Function=SetText&Input=…&SelectedName=…&Value=… sets a title field. `hang`: never
 * answers; `drop`: destroys the socket without an answer.
 */
export async function startFakeVmix(): Promise<FakeVmix> {
  const fake: FakeVmix = {
    url: '',
    mode: 'ok',
    calls: [],
    fields: new Map(),
    stateBytes: 0,
    stateBytesWritten: 0,
    stateFinished: false,
    answerAfterMs: 0,
    close: () => Promise.resolve(),
  };
  const server = http.createServer((req, res) => {
    if (fake.mode === 'hang') return;
    if (fake.mode === 'drop') return void req.socket.destroy();
    const url = new URL(req.url ?? '/', 'http://vmix');
    if (url.pathname !== '/api/' && url.pathname !== '/api') return void res.writeHead(404).end('Not found');
    const fn = url.searchParams.get('Function');
    if (!fn && fake.stateBytes) return streamState(res, fake);
    if (!fn) {
      res.writeHead(200, { 'content-type': 'text/xml' });
      return void res.end(STATE_HEAD + STATE_TAIL);
    }
    const call: VmixCall = {
      fn,
      input: url.searchParams.get('Input'),
      selectedName: url.searchParams.get('SelectedName'),
      value: url.searchParams.get('Value'),
    };
    const answer = () => {
      fake.calls.push(call);
      if (fn === 'SetText') fake.fields.set(`${call.input}/${call.selectedName}`, call.value ?? '');
      res.writeHead(200, { 'content-type': 'text/plain' }).end('Function completed successfully.');
    };
    if (fake.answerAfterMs > 0) setTimeout(answer, fake.answerAfterMs);
    else answer();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
