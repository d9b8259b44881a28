import { startFakeFeeds } from '../server/test/fake-feeds';
import { runAlone } from './alone';
import { wiresRows } from './wires';

/** `npx tsx bench/wires-alone.ts`: the wires rows of `npm run bench` on their own. */
const feeds = await startFakeFeeds();
runAlone('Wires benchmark', (api) => wiresRows(api, feeds).finally(() => feeds.close()));
