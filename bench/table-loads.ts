import type { ApiClient } from '../server/test/api-client';
import type { FakeSheets } from '../server/test/fake-sheets';
import { benchAbusiveReaders } from './abusive-readers';
import { benchEquipmentBulk } from './equipment-bulk';
import { benchGoogleSheets } from './google-sheets';
import { benchCgDuringLogins } from './login-load';
import { benchPrompterFrames, DROPPED_OVER_MS } from './prompter-frames';
import { benchPrompterRelay } from './prompter-relay';
import { loadRow, maxAtMost, p99AtMost, summaryRow, type BenchRow, type LoadRow } from './results';
import { COSTS, OWNER } from './table-sections';

export const LOADS = 'CG write under load (p99 against the quiet p99 of the same run)';

/** One load: its CG row, and rows for what the load itself cost. */
export interface LoadMeasurement {
  load: LoadRow;
  costs: BenchRow[];
}

export interface LoadContext {
  api: ApiClient;
  serverPid: number;
  sheets: FakeSheets;
}

/**
 * The loads of issue 24 as measured before bench/under-load.ts: each existing bench alternates
 * quiet and loaded blocks in one run; here each quiet / loaded pair becomes one LoadRow. Each
 * entry runs on its own, so `npm run bench` can show a row as soon as it is measured.
 */
export const MEASURED_LOADS: Array<(ctx: LoadContext) => Promise<LoadMeasurement[]>> = [
  async ({ api }) => {
    const r = await benchAbusiveReaders(api);
    const reads = Object.entries(r.reads)
      .map(([status, n]) => `${n}× ${status}`)
      .join(', ');
    return [{ load: loadRow(`8 users looping the heaviest reads (answered: ${reads})`, r.quiet, r.loaded), costs: [] }];
  },
  async ({ api }) => {
    const r = await benchCgDuringLogins(api);
    return [
      {
        load: loadRow('8 concurrent logins', r.quiet, r.cg),
        costs: [summaryRow(COSTS, "  8 logins at once: each login's round trip (queued)", r.loginMs)],
      },
    ];
  },
  async ({ api, serverPid }) => {
    const r = await benchEquipmentBulk(api, serverPid);
    const n = r.rows.toLocaleString('en');
    return [
      {
        load: loadRow(`a ${n}-row equipment import`, r.quiet, r.loaded),
        costs: [
          summaryRow(
            COSTS,
            `POST /api/equipment/bulk, ${n} rows (server alone)`,
            r.imports,
            maxAtMost(2000, 'ms', 'each'),
          ),
          summaryRow(COSTS, `  papaparse + shared rules in the client, ${n} rows`, r.parse),
          summaryRow(
            COSTS,
            `  server RSS over ${r.rounds * 2} imports: before ${r.rss.before}, peak ${r.rss.peak}, after`,
            { n: 1, p50: r.rss.after, p99: r.rss.after, max: r.rss.after },
            undefined,
            'MB',
          ),
        ],
      },
    ];
  },
  async ({ api, sheets }) => {
    const r = await benchGoogleSheets(api, sheets);
    const items = r.items.toLocaleString('en');
    const rows = r.sheetRows.toLocaleString('en');
    return [
      {
        load: loadRow(`a Sheets pull of ${items} edited rows (of ${rows})`, r.quiet, r.duringPull),
        costs: [summaryRow(COSTS, `POST /api/google-sheets/sync-from-sheet, ${items} of ${rows} rows edited`, r.pulls)],
      },
      {
        load: loadRow(`a Sheets push of ${rows} items`, r.quiet, r.duringPush),
        costs: [summaryRow(COSTS, `POST /api/google-sheets/sync-to-sheet, ${rows} items`, r.pushes)],
      },
    ];
  },
];

const PROMPTER = 'Prompter';

/** Issue 11: follower relay latency, then the reader's frame intervals in headless Chromium. */
export async function prompterRows(api: ApiClient): Promise<BenchRow[]> {
  const relay = await benchPrompterRelay(api, { followers: 20, seconds: 20 });
  const frames = await benchPrompterFrames(api, OWNER);
  const c = frames.conditions;
  const noDrop = {
    text: `0 intervals > ${DROPPED_OVER_MS.toFixed(1)}: ${c.playing.dropped}`,
    ok: () => c.playing.dropped === 0,
  };
  return [
    summaryRow(
      PROMPTER,
      `Position → slowest of ${relay.followers} followers (lost ${relay.lost}; ping RTT p99 ${relay.ping.p99})`,
      relay.slowest,
      p99AtMost(100),
    ),
    summaryRow(
      PROMPTER,
      `Playing full screen, ${frames.wordsRendered}-word script, 1920×1080: frame interval`,
      c.playing.intervals,
      noDrop,
    ),
    summaryRow(
      PROMPTER,
      `  baseline: same page paused (${c.paused.dropped} intervals > ${DROPPED_OVER_MS.toFixed(1)})`,
      c.paused.intervals,
    ),
  ];
}
