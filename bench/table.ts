import type { BenchRow, Results } from './results';

/**
 * The markdown of `npm run bench`'s one table. Times are in ms; a row in MB or kB says so in its
 * cells. A section starts with a bold row of its own, so the table stays one table.
 */
export const TABLE_HEADER = ['| what | n | p50 | p99 | max | target | verdict |', '|---|---|---|---|---|---|---|'];

function cell(value: number | null, row: BenchRow): string {
  if (value === null) return '—';
  return row.unit === 'ms' ? String(value) : `${value} ${row.unit}`;
}

const escapePipes = (text: string) => text.replaceAll('|', '\\|');

export function sectionLine(section: string): string {
  return `| **${escapePipes(section)}** | | | | | | |`;
}

export function rowLine(row: BenchRow): string {
  const verdict = row.verdict === 'over' || row.verdict === 'failed' ? `**${row.verdict}**` : row.verdict;
  return `| ${escapePipes(row.what)} | ${row.n ?? '—'} | ${cell(row.p50, row)} | ${cell(row.p99, row)} | ${cell(row.max, row)} | ${escapePipes(row.target)} | ${verdict} |`;
}

/** Lines for `rows`, with a section line wherever the section changes after `previous`. */
export function rowLines(rows: BenchRow[], previous: string | null = null): string[] {
  const lines: string[] = [];
  let current = previous;
  for (const row of rows) {
    if (row.section !== current) lines.push(sectionLine(row.section));
    current = row.section;
    lines.push(rowLine(row));
  }
  return lines;
}

export function machineLine(r: Pick<Results, 'machine' | 'date' | 'commit'>): string {
  const m = r.machine;
  return `${r.date} — commit ${r.commit.slice(0, 12)} — ${m.cores} × ${m.cpuModel}, ${m.memoryGb} GB, Node ${m.node}, ${m.platform}; 1-min load ${m.loadBefore} before, ${m.loadAfter} after`;
}

/** The whole table of a results file: `npx tsx bench/table.ts [bench/results.json]` prints it (for the README). */
export function markdown(results: Results): string {
  return [machineLine(results), '', ...TABLE_HEADER, ...rowLines(results.rows)].join('\n');
}
