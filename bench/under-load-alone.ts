import { startFakeSheets } from '../server/test/fake-sheets';
import { runAlone } from './alone';
import { cgUnderLoads, formatUnderLoadRow } from './under-load';

/** `npx tsx bench/under-load-alone.ts [rounds] [logins readers import sheets upload]`: CG write p99 quiet vs under each heavy load (issue 24), on its own. */
const rounds = Number(process.argv[2] ?? 4);
const only = process.argv.slice(3);
const fake = await startFakeSheets();
runAlone(
  'CG write under load benchmark',
  async (api, server) => {
    try {
      const rows = await cgUnderLoads(api, {
        sheets: fake,
        rounds,
        only,
        pid: server.pid,
        onRow: (r) => process.stdout.write(formatUnderLoadRow(r) + '\n'),
      });
      process.stdout.write(
        `rows: ${JSON.stringify(rows.map(({ load, quietP99, loadedP99, ratio }) => ({ load, quietP99, loadedP99, ratio })))}\n`,
      );
      return [];
    } finally {
      await fake.close();
    }
  },
  { GOOGLE_SHEETS_ROOT_URL: fake.url },
);
