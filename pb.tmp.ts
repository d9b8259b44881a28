import { startFakeFeeds } from './server/test/fake-feeds';
import { xmlSlices } from './server/modules/wires/wires.slices';
import { parseFeed } from './server/modules/wires/wires.parse';
const feeds = await startFakeFeeds();
const body = await fetch(`${feeds.url}/big.xml?n=3000&f=1`).then((r) => r.arrayBuffer());
console.log('bytes', body.byteLength);
for (let r = 0; r < 4; r++) {
  let t = performance.now(); const text = new TextDecoder().decode(Buffer.from(body)); const dec = performance.now() - t;
  t = performance.now(); const sl = xmlSlices(text); const cut = performance.now() - t;
  const gaps: number[] = []; let last = performance.now();
  t = performance.now();
  const entries = await parseFeed(text, 'application/rss+xml', async () => { gaps.push(performance.now() - last); await new Promise((res) => setImmediate(res)); last = performance.now(); });
  const parse = performance.now() - t;
  gaps.sort((a, b) => b - a);
  console.log({ dec: dec.toFixed(1), cut: cut.toFixed(1), slices: sl.length, parse: parse.toFixed(0), topSlices: gaps.slice(0, 5).map((g) => g.toFixed(1)).join(','), n: entries.length });
}
await feeds.close();
