import os from 'node:os';
import { runAlone } from './alone';
import { outputsRows } from './outputs';
import { rowLines, TABLE_HEADER } from './table';

/**
 * Dev aid: only the outputs rows of `npm run bench` (issue 25) against a fresh server:
 * `npx tsx bench/outputs-only.ts [blocks] [perBlock]` (defaults 5 × 200, as the full bench).
 */
const blocks = Number(process.argv[2] ?? 5);
const perBlock = Number(process.argv[3] ?? 200);
runAlone(
  `Outputs benchmark (1-min load before ${os.loadavg()[0]!.toFixed(2)})`,
  async (api, server) => [
    ...rowLines(await outputsRows(api, server.baseDir, blocks, perBlock, server.pid), null),
    `1-min load average after: ${os.loadavg()[0]!.toFixed(2)}`,
  ],
  {},
  TABLE_HEADER,
);
