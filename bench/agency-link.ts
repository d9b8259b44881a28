import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import readline from 'node:readline';
import { helperArgs } from './feeds-process';
import { summarize } from './stats';

/**
 * `npx tsx bench/agency-link.ts` (Linux, 2 cores, taskset): why bench/fake-feeds-main.ts sends
 * through a 1 Gbit/s link. A probe at nice 0 on core 0 sleeps 2–5 ms, 500 times, and records how
 * late it wakes, while the fake agencies (nice 19, core 0) answer 8 polls of 2.4 MB at a time to a
 * reader on core 1 — with no sender, with the sender at loopback speed, and through the link.
 */
const PROBE = `
const cell = new Int32Array(new SharedArrayBuffer(4)); const late = [];
for (let i = 0; i < 500; i++) { const ms = 2 + Math.random() * 3; const t = performance.now(); Atomics.wait(cell, 0, 0, ms); late.push(performance.now() - t - ms); }
process.stdout.write(JSON.stringify(late));`;

async function startSender(rate: number): Promise<{ url: string; child: ChildProcess }> {
  const args = ['-c', '0', 'nice', '-n', '19', process.execPath, ...helperArgs('fake-feeds-main.ts'), String(rate)];
  const child = spawn('taskset', args, { stdio: ['pipe', 'pipe', 'inherit'] });
  const first = await readline.createInterface({ input: child.stdout })[Symbol.asyncIterator]().next();
  return { url: String(first.value).trim(), child };
}

/** The reader: 8 polls at once, again and again, until stopped (this process runs on core 1). */
function readLoop(url: string): () => Promise<void> {
  let running = true;
  const one = async (f: number) => {
    while (running) await (await fetch(`${url}/big.xml?n=3000&f=link${f}`)).arrayBuffer();
  };
  const all = Promise.all(Array.from({ length: 8 }, (_, f) => one(f)));
  return async () => {
    running = false;
    await all;
  };
}

function probe(): string {
  const out = spawnSync('taskset', ['-c', '0', process.execPath, '-e', PROBE], { encoding: 'utf8' });
  const s = summarize(JSON.parse(out.stdout) as number[]);
  return `p50 ${s.p50} p99 ${s.p99} max ${s.max}`;
}

spawnSync('taskset', ['-a', '-p', '-c', '1', String(process.pid)], { stdio: 'ignore' });
console.log('| sender on core 0 | probe (nice 0, core 0) woke late, ms |\n|---|---|');
console.log(`| none | ${probe()} |`);
for (const [what, rate] of [
  ['loopback speed', 0],
  ['1 Gbit/s link (FakeLine, 125 000 bytes/ms)', 125_000],
] as const) {
  const sender = await startSender(rate);
  const stop = readLoop(sender.url);
  await new Promise((r) => setTimeout(r, 500));
  console.log(`| ${what} | ${probe()} |`);
  await stop();
  const exited = new Promise((r) => sender.child.once('exit', r));
  sender.child.kill();
  await exited;
}
