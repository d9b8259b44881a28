import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { WireFeed } from '../shared/contracts/wires';
import { loginDevOwner } from '../server/test/factories';
import { startTestServer } from '../server/test/test-server';
import { startFeedsProcess } from './feeds-process';

/**
 * `npx tsx bench/wires-loop-delay.ts [rounds]`: how long the server's event loop (the air thread)
 * is held while 8 feeds × 3 000 fresh items are polled at once — the server in this process, the
 * feeds in their own. Unlike CG-write latency on a shared VM, a long block here is the server's own.
 */
const rounds = Number(process.argv[2] ?? 3);
const feeds = await startFeedsProcess();
const server = await startTestServer();
try {
  const owner = await loginDevOwner(server);
  const ids: number[] = [];
  for (let f = 0; f < 8; f++) {
    const res = await owner.post<WireFeed>('/api/wires/feeds', {
      name: `Loop ${f}`,
      url: `${feeds.url}/big.xml?n=3000&f=loop${Date.now()}${f}`,
      enabled: false,
    });
    ids.push(res.body.id);
  }
  const ms = (ns: number) => (ns / 1e6).toFixed(1);
  for (let r = 0; r < rounds; r++) {
    const delay = monitorEventLoopDelay({ resolution: 1 });
    const cpu = process.cpuUsage();
    delay.enable();
    const polled = await Promise.all(ids.map((id) => owner.post<WireFeed>(`/api/wires/feeds/${id}/poll`)));
    delay.disable();
    const used = process.cpuUsage(cpu);
    if (polled.some((p) => p.body.lastError))
      throw new Error(`a poll failed: ${polled.find((p) => p.body.lastError)?.body.lastError}`);
    // Wall-clock lateness of a 1 ms timer: includes time the OS gave the thread to other processes.
    process.stdout.write(
      `round ${r}: event loop delay p50 ${ms(delay.percentile(50))} ms, p99 ${ms(delay.percentile(99))} ms, max ${ms(delay.max)} ms; process CPU ${((used.user + used.system) / 1000).toFixed(0)} ms\n`,
    );
  }
} finally {
  await server.close();
  await feeds.close();
}
