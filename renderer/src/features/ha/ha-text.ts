import type { HaNodeRole, HaStatus, MainLost } from '@shared/contracts/ha';

/**
 * The words of main and backup (issue 43) on every screen that shows the pair: the header strip,
 * the takeover dialog and Settings. Pure, so the sentences an operator decides on are tested.
 */

/** "12 ms" under a second, "5.4 s" under ten, then whole seconds: a lag is read at a glance. */
export function lagText(lagMs: number): string {
  if (lagMs < 1_000) return `${Math.round(lagMs)} ms`;
  if (lagMs < 10_000) return `${(Math.round(lagMs / 100) / 10).toFixed(1)} s`;
  return `${Math.round(lagMs / 1_000)} s`;
}

/** "MAIN: PC-A · BACKUP: PC-B · lag 12 ms · sync": the header strip. */
export function stripText(status: Pick<HaStatus, 'main' | 'backup' | 'lagMs' | 'synchronous'>): string {
  const parts = [`MAIN: ${status.main ?? 'none'}`, `BACKUP: ${status.backup ?? 'none'}`];
  if (status.lagMs !== null) parts.push(`lag ${lagText(status.lagMs)}`);
  if (status.synchronous) parts.push('sync');
  return parts.join(' · ');
}

/** What taking over costs, as the dialog says it before the operator confirms. */
export function changesAtRiskText(lost: Pick<MainLost, 'main' | 'backup' | 'changesAtRisk' | 'synchronous'>): string {
  if (lost.synchronous) return 'No acknowledged change is lost: the backup confirmed every commit.';
  const n = lost.changesAtRisk;
  if (n <= 0) return `Every change the main acknowledged is on ${lost.backup}.`;
  if (n === 1)
    return `Up to 1 acknowledged change made on ${lost.main} in its last moments is not on ${lost.backup} and will be lost.`;
  return `Up to ${n} acknowledged changes made on ${lost.main} in its last moments are not on ${lost.backup} and will be lost.`;
}

const ROLE_TEXT: Record<HaNodeRole, string> = {
  main: 'Main',
  backup: 'Backup',
  'old-main': 'Old main, read-only',
  unreachable: 'Does not answer',
};

export function roleText(role: HaNodeRole): string {
  return ROLE_TEXT[role];
}

/** Settings' replication line: how far behind, and whether a commit waits for the backup. */
export function replicationText(status: Pick<HaStatus, 'backup' | 'lagMs' | 'synchronous'>): string {
  if (status.backup === null) return 'No backup is replicating';
  const mode = status.synchronous
    ? 'Synchronous: the backup confirms every commit'
    : 'Asynchronous: the last changes may not have reached the backup';
  return status.lagMs === null ? mode : `${mode} · lag ${lagText(status.lagMs)}`;
}
