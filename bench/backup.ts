import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BackupItem } from '../shared/contracts/backups';
import { spawnServer } from '../server/test/spawn-server';
import { block, closeTarget, headlineFile, hotPathTarget, type HotPathTarget } from './cg-hot-path';
import { summaryRow, valueRow, type BenchRow, type Target } from './results';
import { seedEquipment } from './seed';
import { ServerCpu } from './server-cpu';
import { nowMs, summarize } from './stats';
import { signIn } from './table-sections';

/**
 * Issue 41: CG write latency while POST /api/backups runs (online copy 1 MB per turn of the loop,
 * then the check on a worker) against the same writes with no backup, on a store of 100 000
 * articles + 100 000 equipment items. Baseline and backup windows alternate (B D B D …) in one run,
 * so machine drift lands on both alike. Each sample is the hot path's: POST update-direct → file
 * replaced → every one of 200 live clients has it.
 */
export const BACKUP = 'CG write during a backup (100 000 articles + 100 000 equipment items)';
export const EQUIPMENT_ITEMS = 100_000;
/** Pause between two CG writes: an operator typing fast, as the other load sections use. */
const GAP_MS = 20;
const CLIENTS = 200;

/** The server takes no backup of its own while measured: none at start, the scheduled one not due. */
export function quietBackups(baseDir: string): NodeJS.ProcessEnv {
  const state = {
    offsiteLastCopyAt: null,
    offsiteLastError: null,
    lastError: null,
    lastBackupAt: new Date().toISOString(),
    offsiteStaleToldFor: null,
  };
  fs.writeFileSync(path.join(baseDir, 'data', 'backup-state.json'), JSON.stringify(state, null, 2) + '\n');
  return { BACKUP_START_DELAY_MS: '0' };
}

/**
 * A copy of the seeded (stopped) store with the equipment items added, for this section's own
 * server: the other sections' store stays as it was (the Sheets push sends every item).
 */
export function prepareBackupStore(seededDir: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cgb-bench-backup-'));
  fs.cpSync(path.join(seededDir, 'data'), path.join(dir, 'data'), { recursive: true });
  seedEquipment(dir, EQUIPMENT_ITEMS);
  return dir;
}

/** Paced CG writes until `until` settles, or for `forMs` when there is nothing to wait for. */
async function pacedWrites(
  target: HotPathTarget,
  label: string,
  until: Promise<unknown> | null,
  forMs = 0,
): Promise<number[]> {
  let done = false;
  // then(ok, fail), not finally(): a failing backup must not become an unhandled rejection; the caller awaits it.
  const settle = () => (done = true);
  void until?.then(settle, settle);
  const ends = nowMs() + forMs;
  const samples: number[] = [];
  for (let i = 0; until ? !done : nowMs() < ends; i++) {
    samples.push(...(await block(target, 1, `${label} ${i}`)));
    await new Promise((r) => setTimeout(r, GAP_MS));
  }
  return samples;
}

interface TakenBackup {
  ms: number;
  item: BackupItem;
}

async function takeBackup(api: HotPathTarget['api']): Promise<TakenBackup> {
  const started = nowMs();
  const res = await api.post<BackupItem>('/api/backups', {});
  const ms = nowMs() - started;
  if (res.status !== 201)
    throw new Error(`POST /api/backups failed: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
  const item = res.body;
  if (!item.verified) throw new Error(`backup ${item.name} not verified: ${item.problem}`);
  if ((item.counts.equipment ?? 0) < EQUIPMENT_ITEMS || (item.counts.news ?? 0) < 100_000)
    throw new Error(`backup ${item.name} holds ${item.counts.news} articles, ${item.counts.equipment} items`);
  return { ms, item };
}

export interface BackupBench {
  rounds: number;
  baseline: number[];
  during: number[];
  backups: TakenBackup[];
  loadAvg: number[];
  /** Server CPU (air thread, whole process) summed over the baseline windows and over the backup windows. */
  cpu: { baseline: ServerCpu; during: ServerCpu };
}

/**
 * Spawns a server on `storeDir` (prepareBackupStore), a warm-up (writes and one backup, not
 * counted), then `rounds` × (baseline window as long as the last backup, backup window).
 */
export async function benchBackup(storeDir: string, rounds = 5): Promise<BackupBench> {
  const server = await spawnServer(storeDir, quietBackups(storeDir));
  let target: HotPathTarget | null = null;
  try {
    const api = await signIn(server.url);
    target = await hotPathTarget(api, headlineFile(storeDir), CLIENTS);
    await block(target, 20, 'warm');
    let last = await takeBackup(api); // warm-up: the store's pages in the OS cache, the worker's code loaded
    const cpu = { baseline: new ServerCpu(server.pid), during: new ServerCpu(server.pid) };
    const result: BackupBench = { rounds, baseline: [], during: [], backups: [], loadAvg: [os.loadavg()[0]!], cpu };
    for (let r = 0; r < rounds; r++) {
      const t = target;
      result.baseline.push(
        ...(await cpu.baseline.during(() => pacedWrites(t, `baseline ${r}`, null, Math.max(2000, last.ms)))),
      );
      const running = takeBackup(api);
      result.during.push(...(await cpu.during.during(() => pacedWrites(t, `backup ${r}`, running))));
      last = await running;
      result.backups.push(last);
      result.loadAvg.push(os.loadavg()[0]!);
    }
    return result;
  } finally {
    if (target) closeTarget(target);
    await server.kill();
  }
}

/** Issue 41's gate on the CG writes made while a backup runs. */
const BACKUP_GATE: Target = { text: 'p99 ≤ 40, max ≤ 80', ok: (s) => s.p99 <= 40 && s.max <= 80 };

/** The section's rows, measured on `storeDir` (prepareBackupStore; the caller removes it). */
export async function backupRows(storeDir: string, rounds = 5): Promise<BenchRow[]> {
  const r = await benchBackup(storeDir, rounds);
  const mb = r.backups.map((b) => b.item.bytes / 1024 ** 2);
  const load = r.loadAvg.map((l) => l.toFixed(1)).join(' → ');
  // The backup's own server CPU: a backup window's, less its writes' share at the baseline windows' CPU per write.
  const own = (ms: (c: ServerCpu) => number) =>
    Math.round((ms(r.cpu.during) - (ms(r.cpu.baseline) / r.baseline.length) * r.during.length) / r.rounds);
  const cpuText = `server CPU per backup ≈ air thread ${own((c) => c.airMs)} ms, whole process ${own((c) => c.processMs)} ms`;
  return [
    summaryRow(
      BACKUP,
      `CG write, ${CLIENTS} WS clients, every ${GAP_MS} ms, no backup (interleaved baseline; 1-min load ${load})`,
      summarize(r.baseline),
    ),
    summaryRow(
      BACKUP,
      `CG write, same, while POST /api/backups runs (${r.rounds} backups, alternating with the baseline)`,
      summarize(r.during),
      BACKUP_GATE,
    ),
    summaryRow(
      BACKUP,
      `  POST /api/backups: VACUUM INTO, integrity check and SHA-256 on a worker thread (${cpuText})`,
      summarize(r.backups.map((b) => b.ms)),
    ),
    valueRow(
      BACKUP,
      `  backup file (verified; ${r.backups[0]!.item.counts.news} articles, ${r.backups[0]!.item.counts.equipment} items)`,
      Math.round(Math.max(...mb) * 10) / 10,
      'MB',
    ),
  ];
}
