import readline from 'node:readline';
import { ApiClient } from '../server/test/api-client';
import type { WireFeed } from '../shared/contracts/wires';

/**
 * The editors who press "Poll now" on every feed at once, as a process of their own (bench/wires.ts):
 * in a station their clicks come from their own PCs, not from the process that times the
 * operator's CG writes. Prints "ready"; then for each stdin line `{"url","token","ids"}` polls
 * every id at once and prints one line: "ok" or the first failure.
 */
process.stdout.write('ready\n');
for await (const line of readline.createInterface({ input: process.stdin })) {
  const { url, token, ids } = JSON.parse(line) as { url: string; token: string; ids: number[] };
  const api = new ApiClient(url, token);
  const answers = await Promise.all(ids.map((id) => api.post<WireFeed>(`/api/wires/feeds/${id}/poll`)));
  const bad = answers.find((a) => a.status !== 200 || a.body.lastError);
  process.stdout.write(bad ? `poll failed: ${bad.status} ${JSON.stringify(bad.body).slice(0, 300)}\n` : 'ok\n');
}
