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
  close(): Promise<void>;
}

/**
 * vMix's HTTP API (issue 25): GET /api/ answers the XML state (version, inputs); GET
 * /api/?Function=SetText&Input=…&SelectedName=…&Value=… sets a title field. `hang`: never
 * answers; `drop`: destroys the socket without an answer.
 */
export async function startFakeVmix(): Promise<FakeVmix> {
  const fake: FakeVmix = { url: '', mode: 'ok', calls: [], fields: new Map(), close: () => Promise.resolve() };
  const server = http.createServer((req, res) => {
    if (fake.mode === 'hang') return;
    if (fake.mode === 'drop') return void req.socket.destroy();
    const url = new URL(req.url ?? '/', 'http://vmix');
    if (url.pathname !== '/api/' && url.pathname !== '/api') return void res.writeHead(404).end('Not found');
    const fn = url.searchParams.get('Function');
    if (!fn) {
      res.writeHead(200, { 'content-type': 'text/xml' });
      return void res.end('<vmix><version>27.0.0.49</version><inputs><input key="6a1b" number="1" type="GT" title="Lower Third">Lower Third</input></inputs></vmix>');
    }
    const call: VmixCall = { fn, input: url.searchParams.get('Input'), selectedName: url.searchParams.get('SelectedName'), value: url.searchParams.get('Value') };
    fake.calls.push(call);
    if (fn === 'SetText') fake.fields.set(`${call.input}/${call.selectedName}`, call.value ?? '');
    res.writeHead(200, { 'content-type': 'text/plain' }).end('Function completed successfully.');
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
