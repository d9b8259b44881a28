import fs from 'node:fs';
import type { BulkUploadResult } from '../shared/contracts/equipment';
import { parseEquipmentCsv } from '../shared/equipment-csv';
import type { ApiClient } from '../server/test/api-client';
import { formatRow, nowMs, summarize, type Summary } from './stats';

/**
 * Issue 12: a 10 000-row CSV import (target ≤ 2 s), the server's RSS growth over the imports, and
 * an operator's CG write while an import runs against the same writes with no import — quiet and
 * loaded blocks alternate in one run, so both see the same machine state.
 */
const ROWS = 10_000;
export const CG_GAP_MS = 20;

/** A realistic file: quoted descriptions with commas, mixed case headers, blank quantity cells. */
function csvText(prefix: string): string {
  const lines = ['Name,Code,Description,Location,Status,Category,Condition,Quantity'];
  for (let i = 0; i < ROWS; i++) {
    lines.push(
      `Camera body ${i},${prefix}-${i},"4K camcorder, kit ${i % 50}",Store ${i % 12},available,Camera,good,${i % 7 === 0 ? '' : (i % 5) + 1}`,
    );
  }
  return lines.join('\r\n');
}

/** The browser's work (papaparse through the shared rules) and the JSON it posts. */
function body(prefix: string): { json: string; parseMs: number } {
  const started = nowMs();
  const parsed = parseEquipmentCsv(csvText(prefix));
  const parseMs = nowMs() - started;
  if (!parsed.ok) throw new Error(parsed.error);
  return { json: JSON.stringify({ csvData: parsed.rows }), parseMs };
}

async function importOnce(api: ApiClient, json: string): Promise<number> {
  const started = nowMs();
  const res = await api.request<BulkUploadResult>('POST', '/api/equipment/bulk', json);
  const ms = nowMs() - started;
  if (res.status !== 200 || res.body.results.success !== ROWS)
    throw new Error(`bulk import failed: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
  return ms;
}

async function cgWrite(api: ApiClient, label: string): Promise<number> {
  const started = nowMs();
  const res = await api.post('/api/cg-files/update-direct', { type: 'infoline', content: label });
  if (res.status !== 200) throw new Error(`CG write failed: ${res.status}`);
  return nowMs() - started;
}

/** Spaced CG writes until `until` settles (or `count` writes when there is nothing to wait for). */
export async function cgWrites(
  api: ApiClient,
  label: string,
  until: Promise<unknown> | null,
  count = 40,
): Promise<number[]> {
  let done = until === null;
  // then(ok, fail), not finally(): a derived promise of a failing load must not be an unhandled
  // rejection (it ended `npm run bench` with its server still running); the caller awaits `until`.
  const settle = () => (done = true);
  void until?.then(settle, settle);
  const samples: number[] = [];
  for (let i = 0; until ? !done : i < count; i++) {
    samples.push(await cgWrite(api, `${label} ${i}`));
    await new Promise((r) => setTimeout(r, CG_GAP_MS));
  }
  return samples;
}

export function rssMbOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

export interface EquipmentBulkResult {
  rows: number;
  rounds: number;
  imports: Summary;
  quiet: Summary;
  loaded: Summary;
  parse: Summary;
  rss: { before: number; peak: number; after: number };
}

/** Import time, CG writes quiet vs during an import, RSS and the client's parse time. */
export async function benchEquipmentBulk(api: ApiClient, pid: number, rounds = 5): Promise<EquipmentBulkResult> {
  const imports: number[] = [];
  const quiet: number[] = [];
  const loaded: number[] = [];
  const parse: number[] = [];
  const rssBefore = rssMbOf(pid);
  let rssMax = rssBefore;
  const stamp = Date.now().toString(36);
  for (let r = 0; r < rounds; r++) {
    const alone = body(`A${stamp}${r}`);
    const during = body(`B${stamp}${r}`);
    parse.push(alone.parseMs, during.parseMs);
    quiet.push(...(await cgWrites(api, `Quiet ${r}`, null)));
    imports.push(await importOnce(api, alone.json));
    rssMax = Math.max(rssMax, rssMbOf(pid));
    const running = importOnce(api, during.json);
    loaded.push(...(await cgWrites(api, `During import ${r}`, running)));
    await running;
    rssMax = Math.max(rssMax, rssMbOf(pid));
  }
  const rss = { before: rssBefore, peak: rssMax, after: rssMbOf(pid) };
  return {
    rows: ROWS,
    rounds,
    imports: summarize(imports),
    quiet: summarize(quiet),
    loaded: summarize(loaded),
    parse: summarize(parse),
    rss,
  };
}

/** The same as text rows (bench/equipment-bulk-alone.ts). */
export async function equipmentBulkRows(api: ApiClient, pid: number, rounds = 5): Promise<string[]> {
  const r = await benchEquipmentBulk(api, pid, rounds);
  const stored = (rounds * 2 * ROWS).toLocaleString('en');
  return [
    formatRow(`POST /api/equipment/bulk, ${ROWS.toLocaleString('en')} rows (server alone)`, r.imports, 'each ≤ 2000'),
    formatRow('CG write every 20 ms, no import (interleaved baseline)', r.quiet, ''),
    formatRow(`CG write every 20 ms while a ${ROWS.toLocaleString('en')}-row import runs`, r.loaded, 'p99 ≤ 20'),
    formatRow(`  papaparse + shared rules in the client, ${ROWS.toLocaleString('en')} rows`, r.parse, ''),
    `| Server RSS over ${rounds * 2} imports (${stored} items): ${r.rss.before} MB before, ${r.rss.peak} MB peak, ${r.rss.after} MB after | | | | | growth ${r.rss.after - r.rss.before} MB |`,
  ];
}
