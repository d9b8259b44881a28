import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BenchRow } from './results';

/**
 * `npx tsx bench/priority-ab.ts [--rounds 2] [--only wires]`: what the background layer's priority
 * pieces still buy (issue 40). Runs the bench's sections with them (as a station runs) and without
 * (`CGB_BENCH_NO_PRIORITY=1`: no nice 10, no SCHED_IDLE parse thread, no lowered reader process)
 * in the order on, off, off, on, … so machine drift cancels,
 * then prints each row's p99 and max for both, side by side.
 */
function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}

interface Run {
  off: boolean;
  rows: BenchRow[];
}

function benchOnce(only: string, off: boolean): Run {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cgb-prio-')), 'results.json');
  const env = { ...process.env, CGB_BENCH_NO_PRIORITY: off ? '1' : '' };
  const res = spawnSync('npx', ['tsx', 'bench/run.ts', '--only', only, '--out', out], { env, stdio: 'inherit' });
  if (res.status !== 0) throw new Error(`bench run (${off ? 'off' : 'on'}) ended with ${res.status}`);
  const rows = (JSON.parse(fs.readFileSync(out, 'utf8')) as { rows: BenchRow[] }).rows;
  fs.rmSync(path.dirname(out), { recursive: true, force: true });
  return { off, rows };
}

/** A row's name without its run's own figures ("(quiet p99 9.7 in the same run)"): one line per load, not per run. */
const label = (row: BenchRow): string => row.what.replace(/ \(quiet p99 [^)]*\)/, '');

function figures(runs: Run[], off: boolean, what: string): string {
  const rows = runs.filter((r) => r.off === off).flatMap((r) => r.rows.filter((row) => label(row) === what));
  return rows.map((row) => `${row.p99 ?? '—'} / ${row.max ?? '—'}`).join(', ');
}

function main(): void {
  const rounds = Number(arg('rounds', '2'));
  const only = arg('only', 'wires');
  const runs: Run[] = [];
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? [false, true] : [true, false];
    for (const off of order) runs.push(benchOnce(only, off));
  }
  const whats = [...new Set(runs.flatMap((r) => r.rows.map(label)))];
  const lines = [
    '| row | priority pieces on: p99 / max ms | off: p99 / max ms |',
    '|---|---|---|',
    ...whats.map((what) => `| ${what} | ${figures(runs, false, what)} | ${figures(runs, true, what)} |`),
  ];
  process.stdout.write(`\n${lines.join('\n')}\n`);
}

main();
