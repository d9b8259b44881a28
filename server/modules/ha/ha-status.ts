import type { HaStatus, MainLost, TakeoverProgress } from '../../../shared/contracts/ha';
import type { NodeState } from './ha-node';

/** A backup further behind than this is said on every operator screen. */
export const LAG_WARNING_MS = 5_000;
/** The main has not answered for this long: the backup's operators are asked to take over. */
export const MAIN_LOST_AFTER_MS = 3_000;

/** What the monitor knows besides the two probes (ha-monitor.ts). */
export interface PairMemory {
  /** Since when (ms) the main has not answered; null while it answers. */
  lostSince: number | null;
  /** The backup confirmed every commit the last time it was seen (synchronous replication). */
  lastSynchronous: boolean;
  /** Changes heard committed on the main beyond a WAL position (PgRelay's HeardPositions). */
  changesBeyond: (lsn: string | null) => number;
  takeover: TakeoverProgress | null;
}

/** The status without a pair (SQLite, or PostgreSQL with no HA_DATABASE_URL): the header shows nothing. */
export const NO_PAIR: HaStatus = {
  configured: false,
  main: null,
  backup: null,
  lagMs: null,
  synchronous: false,
  warning: null,
  nodes: [],
  mainLost: null,
  takeover: null,
};

/**
 * The pair as an operator must see it, from the main this server writes to and the other node. Only
 * engine facts: the main's pg_stat_replication names the backup and its lag, a standby that does
 * not answer the main while the main is gone is what the takeover dialog offers.
 */
export function pairStatus(main: NodeState, other: NodeState, memory: PairMemory, now: number): HaStatus {
  const replica = main.replicas[0] ?? null;
  // With the main silent, the backup is the standby that still answers (what a takeover would use).
  const backup = replica?.name ?? (!main.reachable && other.reachable && other.standby ? other.name : null);
  const lagMs = replica ? (replica.behindBytes === 0 ? 0 : replica.lagMs) : null;
  const synchronous = replica ? replica.syncState === 'sync' || replica.syncState === 'quorum' : false;
  return {
    configured: true,
    main: main.name,
    backup,
    lagMs,
    synchronous,
    warning: warning(main, other, lagMs, backup),
    nodes: [main, other].map((n) => ({
      name: n.name,
      role: !n.reachable ? 'unreachable' : n.standby ? 'backup' : n === main ? 'main' : 'old-main',
      timeline: n.timeline,
    })),
    mainLost: mainLost(main, other, memory, now),
    takeover: memory.takeover,
  };
}

function warning(main: NodeState, other: NodeState, lagMs: number | null, backup: string | null): string | null {
  if (!main.reachable) return `The main ${main.name} does not answer`;
  if (other.reachable && !other.standby)
    return `${other.name} is a main too: it is the old main, fenced read-only; rejoin it as the backup`;
  if (backup === null) return `No backup: ${other.name} is not replicating from the main`;
  if (lagMs !== null && lagMs > LAG_WARNING_MS) return `The backup ${backup} is ${Math.round(lagMs / 1000)} s behind`;
  return null;
}

function mainLost(main: NodeState, other: NodeState, memory: PairMemory, now: number): MainLost | null {
  if (main.reachable || memory.lostSince === null || now - memory.lostSince < MAIN_LOST_AFTER_MS) return null;
  if (!other.reachable || !other.standby) return null;
  return {
    main: main.name,
    since: new Date(memory.lostSince).toISOString(),
    backup: other.name,
    changesAtRisk: memory.lastSynchronous ? 0 : memory.changesBeyond(other.lsn),
    synchronous: memory.lastSynchronous,
  };
}
