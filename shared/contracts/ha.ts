import { z } from 'zod';

/**
 * Main and backup (issue 43): two PCs, each with its own PostgreSQL, the backup's a streaming
 * replica of the main's. Every state here is read from the engines (pg_stat_replication,
 * pg_is_in_recovery, the timelines), never kept by CG Bridge.
 */

/** How one of the pair's PostgreSQL servers is, as this CG Bridge server last saw it. */
export const HA_NODE_ROLES = ['main', 'backup', 'old-main', 'unreachable'] as const;
export type HaNodeRole = (typeof HA_NODE_ROLES)[number];

export interface HaNode {
  /** The PostgreSQL server's cluster_name (the PC's name: "PC-A"), or its host when none is set. */
  name: string;
  role: HaNodeRole;
  /** The engine's timeline: a promoted backup's is one higher than the main it replaced. */
  timeline: number | null;
}

/**
 * GET /api/ha/status and the live message `ha_status` (every signed-in client of this server).
 * `configured` is false on SQLite and on a PostgreSQL store with no backup set up: the header
 * then shows nothing.
 */
export interface HaStatus {
  configured: boolean;
  /** "PC-A": the PostgreSQL server this CG Bridge server writes to. */
  main: string | null;
  /** "PC-B": the standby replicating from the main, null when none is connected. */
  backup: string | null;
  /** How far the backup's replay is behind the main (0 when caught up); null without a backup. */
  lagMs: number | null;
  /** The backup confirms every commit before it is acknowledged (synchronous replication). */
  synchronous: boolean;
  /** What an operator should know now ("Backup PC-B is not connected"), or null when all is well. */
  warning: string | null;
  nodes: HaNode[];
  /** The main is unreachable and this server can promote the backup: the takeover dialog shows. */
  mainLost: MainLost | null;
  /** A takeover this server started: promoting, restarting onto the new main, or failed (why). */
  takeover: TakeoverProgress | null;
}

export interface MainLost {
  /** The main's name ("PC-A") and since when it has not answered (ISO time). */
  main: string;
  since: string;
  /** The backup that would take over ("PC-B"). */
  backup: string;
  /**
   * Changes the main acknowledged that the backup had not replayed when the main was lost: at
   * most this many are lost by taking over (0 with synchronous replication). Counted from the
   * changes this server heard committed on the main and the backup's last replayed position.
   */
  changesAtRisk: number;
  synchronous: boolean;
}

export const TAKEOVER_STATES = ['promoting', 'restarting', 'failed'] as const;
export type TakeoverState = (typeof TAKEOVER_STATES)[number];
export interface TakeoverProgress {
  state: TakeoverState;
  message: string;
  at: string;
}

/**
 * GET /api/ha/servers (every signed-in user): the address of every CG Bridge server on this
 * store now, this one first. Browsers and phones keep it, and move to a living one when theirs is
 * gone (issue 43: clients follow).
 */
export interface ServerList {
  servers: string[];
}

/**
 * POST /api/ha/takeover: the operator confirms "Main lost — take over?". The server checks again
 * that the main is lost (a main that answers is never replaced from here), promotes the backup,
 * answers 202 and restarts on it.
 */
export const takeoverSchema = z
  .object({
    confirm: z.literal(true, { error: 'Confirm the takeover' }),
  })
  .strict();
export type TakeoverInput = z.infer<typeof takeoverSchema>;
