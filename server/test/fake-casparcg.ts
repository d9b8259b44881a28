import net from 'node:net';
import type { AddressInfo } from 'node:net';
import type { FakeMode } from './fake-device';

/** One AMCP command as the fake parsed it. */
export interface AmcpCommand {
  line: string;
  /** e.g. 'CG ADD', 'CG UPDATE', 'CG STOP', 'VERSION'. */
  name: string;
  channel?: number;
  layer?: number;
  template?: string;
  /** CG ADD / UPDATE template data, JSON-parsed. */
  data?: Record<string, string>;
}

export interface FakeCasparcg {
  host: string;
  port: number;
  mode: FakeMode;
  /** Every command received, in order (VERSION included). */
  commands: AmcpCommand[];
  /** Only the CG commands. */
  cg(): AmcpCommand[];
  /** Templates the server knows; another name answers 404 CG ERROR. Empty: every name. */
  templates: string[];
  /** VERSION's data line (a hostile server sends megabytes: issue 37). */
  version: string;
  connections: number;
  /** Connections open now. */
  open(): number;
  close(): Promise<void>;
}

/** AMCP's quoted parameter: backslash escapes \, " and $ (what casparcg-connection writes). */
const unquote = (s: string) => s.replace(/^"|"$/g, '').replace(/\\(.)/g, '$1');

function parse(line: string): AmcpCommand {
  const cg =
    /^CG (\d+)-(\d+) (ADD|UPDATE|STOP|PLAY|REMOVE|CLEAR) \d+(?: ("(?:[^"\\]|\\.)*"))?(?: \d)?(?: ("(?:[^"\\]|\\.)*"))?/.exec(
      line,
    );
  if (!cg) return { line, name: line.split(' ')[0] ?? '' };
  const [, channel, layer, verb, first, second] = cg;
  const cmd: AmcpCommand = { line, name: `CG ${verb}`, channel: Number(channel), layer: Number(layer) };
  if (verb === 'ADD') {
    cmd.template = first ? unquote(first) : undefined;
    cmd.data = second ? (JSON.parse(unquote(second)) as Record<string, string>) : undefined;
  } else if (verb === 'UPDATE' && first) {
    cmd.data = JSON.parse(unquote(first)) as Record<string, string>;
  }
  return cmd;
}

/**
 * A CasparCG server's AMCP over real TCP (issue 25): lines end \r\n, `REQ <id>` is echoed as
 * `RES <id>`, VERSION answers 201 with a version line, CG commands 202 CG OK (404 for an unknown
 * template). `hang`: takes the connection, reads and never answers (not even the VERSION the
 * library waits for before it says it is connected); `drop`: answers VERSION, then closes the
 * socket on the first other command.
 */
export async function startFakeCasparcg(): Promise<FakeCasparcg> {
  const sockets = new Set<net.Socket>();
  const fake: FakeCasparcg = {
    host: '127.0.0.1',
    port: 0,
    mode: 'ok',
    commands: [],
    cg: () => fake.commands.filter((c) => c.name.startsWith('CG ')),
    templates: [],
    version: '2.3.0 b1234 Stable',
    connections: 0,
    open: () => sockets.size,
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
  const answer = (socket: net.Socket, line: string) => {
    const req = /^REQ (\S+) (.*)$/.exec(line);
    const body = req?.[2] ?? line;
    const res = req ? `RES ${req[1]} ` : '';
    const cmd = parse(body);
    if (fake.mode === 'hang') return;
    if (fake.mode === 'drop' && cmd.name !== 'VERSION') return void socket.destroy();
    fake.commands.push(cmd);
    if (cmd.name === 'VERSION') return void socket.write(`${res}201 VERSION OK\r\n${fake.version}\r\n`);
    if (cmd.name === 'CG ADD' && fake.templates.length && !fake.templates.includes(cmd.template ?? '')) {
      return void socket.write(`${res}404 CG ERROR\r\n`);
    }
    socket.write(`${res}202 ${cmd.name.startsWith('CG') ? 'CG' : cmd.name} OK\r\n`);
  };
  const server = net.createServer((socket) => {
    sockets.add(socket);
    fake.connections += 1;
    socket.setEncoding('utf8');
    let buffered = '';
    socket.on('data', (chunk: string) => {
      buffered += chunk;
      const lines = buffered.split('\r\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) if (line) answer(socket, line);
    });
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.port = (server.address() as AddressInfo).port;
  return fake;
}
