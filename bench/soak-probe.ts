import fs from 'node:fs';
import WebSocket from 'ws';

/**
 * What the soak reads about the server process from outside, without any route of its own:
 * RSS and open descriptors from /proc (Linux), and Node's own list of active handles and timers
 * (process.getActiveResourcesInfo()) through the inspector the soak starts it with.
 */

/** Resident set size in MB (VmRSS of /proc/<pid>/status). */
export function rssMb(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  if (!kb) throw new Error(`no VmRSS for pid ${pid}`);
  return Math.round(Number(kb) / 102.4) / 10;
}

/** Open file descriptors (sockets, the SQLite files, logs …). */
export function fdCount(pid: number): number {
  return fs.readdirSync(`/proc/${pid}/fd`).length;
}

/** The server's active handles and timers by kind, e.g. { TCPSocketWrap: 3, Timeout: 7 }. */
export async function activeResources(inspectPort: number): Promise<Record<string, number>> {
  const targets = (await (await fetch(`http://127.0.0.1:${inspectPort}/json/list`)).json()) as Array<{
    webSocketDebuggerUrl: string;
  }>;
  const url = targets[0]?.webSocketDebuggerUrl;
  if (!url) throw new Error('the server exposes no inspector target');
  const ws = new WebSocket(url);
  try {
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    const answer = new Promise<string>((resolve, reject) => {
      ws.on('message', (raw: Buffer) => {
        const msg = JSON.parse(raw.toString('utf8')) as {
          id?: number;
          result?: { result?: { value?: string } };
          error?: unknown;
        };
        if (msg.id !== 1) return;
        if (typeof msg.result?.result?.value === 'string') resolve(msg.result.result.value);
        else reject(new Error(`inspector: ${JSON.stringify(msg).slice(0, 300)}`));
      });
    });
    const expression = 'JSON.stringify(process.getActiveResourcesInfo())';
    ws.send(JSON.stringify({ id: 1, method: 'Runtime.evaluate', params: { expression, returnByValue: true } }));
    const kinds = JSON.parse(await answer) as string[];
    const counts: Record<string, number> = {};
    for (const k of kinds) counts[k] = (counts[k] ?? 0) + 1;
    return counts;
  } finally {
    ws.terminate();
  }
}

/** Kinds whose count grew by more than `slack` from `before` to `after`. */
export function grown(before: Record<string, number>, after: Record<string, number>, slack: number): string[] {
  return Object.keys(after)
    .filter((k) => after[k]! > (before[k] ?? 0) + slack)
    .map((k) => `${k} ${before[k] ?? 0} → ${after[k]}`);
}
