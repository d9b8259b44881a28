import { runAlone } from './alone';
import { startFeedsProcess } from './feeds-process';
import { wiresRows } from './wires';

/** `npx tsx bench/wires-alone.ts`: the wires rows of `npm run bench` on their own. */
const feeds = await startFeedsProcess();
runAlone('Wires benchmark', (api) => wiresRows(api, feeds.url).finally(() => feeds.close()));
