import { runAlone } from './alone';
import { startFeedsProcess } from './feeds-process';
import { wiresRows, WIRES_ROUNDS } from './wires';

/**
 * `npx tsx bench/wires-alone.ts [rounds]`: the wires rows of `npm run bench` on their own
 * (rounds of quiet + polling blocks, WIRES_ROUNDS by default; more rounds give a steadier p99 on a shared VM).
 */
const rounds = Number(process.argv[2] ?? WIRES_ROUNDS);
const feeds = await startFeedsProcess();
runAlone('Wires benchmark', (api, server) =>
  wiresRows(api, feeds.url, rounds, server.pid).finally(() => feeds.close()),
);
