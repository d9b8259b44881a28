import { z } from 'zod';

/** What a PostgreSQL connection string starts with (the same rule as DATABASE_URL). */
export const POSTGRES_URL_PATTERN = /^postgres(ql)?:\/\/\S+$/;

/**
 * POST /api/system/move-to-postgres (issue 42): the host station's owner moves every station on
 * this server from the SQLite file into an EMPTY PostgreSQL database, typing the host station's
 * name to confirm (as a restore asks). The server checks what it can at once, answers 202 and
 * restarts on PostgreSQL — or, if the move fails, on SQLite as it was.
 */
export const moveToPostgresSchema = z
  .object({
    to: z
      .string({ error: 'Enter the connection string of the empty PostgreSQL database' })
      .trim()
      .min(1, 'Enter the connection string of the empty PostgreSQL database')
      .max(2000, 'Must be at most 2000 characters')
      .regex(
        POSTGRES_URL_PATTERN,
        'must be a postgres:// connection string, e.g. postgres://cgbridge:…@host:5432/cgbridge',
      ),
    confirm: z
      .string({ error: 'Type the station name to confirm' })
      .trim()
      .min(1, 'Type the station name to confirm')
      .max(200),
  })
  .strict();
export type MoveToPostgresInput = z.infer<typeof moveToPostgresSchema>;

export const STORE_ENGINES = ['sqlite', 'postgres'] as const;
export type StoreEngine = (typeof STORE_ENGINES)[number];

/** How the last move from Settings ended (the server's own record in its data folder). */
export const lastMoveSchema = z.object({
  at: z.string(),
  ok: z.boolean(),
  message: z.string(),
});
export type LastMove = z.infer<typeof lastMoveSchema>;

/** GET /api/system/store (owner or roletype dev): where this server keeps its data. */
export interface StoreLocationView {
  engine: StoreEngine;
  /** The PostgreSQL connection string with its password masked; null on SQLite. */
  target: string | null;
  lastMove: LastMove | null;
  /** The caller may move the store from here: the host station's owner, on SQLite, on a server that restarts itself. */
  canMove: boolean;
  /** The host station's name, typed to confirm a move (only when canMove). */
  hostStation: string | null;
}

/** The answer before the server goes away: where it is moving to (password masked). */
export interface MoveStarted {
  moving: true;
  target: string;
}
