import os from 'node:os';
import { runAlone } from './alone';
import { overlayRows } from './table-overlay';
import { rowLines, TABLE_HEADER } from './table';

/**
 * Dev aid: only the HTML overlay rows of `npm run bench` (issue 25) against a fresh server:
 * `npx tsx bench/overlay-only.ts` (run it on a quiet machine: the ticker row is a 60 s scroll).
 */
runAlone(
  `HTML overlay benchmark (1-min load before ${os.loadavg()[0]!.toFixed(2)})`,
  async (api) => {
    const lines = rowLines(await overlayRows(api), null);
    return [...lines, `1-min load average after: ${os.loadavg()[0]!.toFixed(2)}`];
  },
  {},
  TABLE_HEADER,
);
