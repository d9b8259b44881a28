import { eq } from 'drizzle-orm';
import type { MoveStarted, MoveToPostgresInput, StoreLocationView } from '../../../shared/contracts/store-move';
import type { AppContext } from '../../context';
import { first } from '../../db/dialect';
import { assertCurrent, MoveRefused } from '../../db/move/move-to-postgres';
import { tablesOf } from '../../db/store';
import type { Actor } from '../../lib/auth';
import { badRequest, conflict, forbidden } from '../../lib/errors';
import type { ActivityLogsService } from '../activity-logs/activity-logs.service';
import type { BackupsService } from '../backups/backups.service';
import { maskedUrl } from './masked-url';
import { readStoreLocation } from './store-location';
import { checkTarget, TargetRefused } from './target-check';

/** What the in-place move needs: where the SQLite store is, and where it goes. */
export interface MoveRequest {
  dataDir: string;
  migrationsDir: string;
  to: string;
}

/** What startServer does with an accepted move: answer, tell every client, move, restart (server/move-in-place.ts). */
export type MoveInPlace = (request: MoveRequest) => void;

export const ALREADY_ON_POSTGRES =
  'CG Bridge already keeps its data in PostgreSQL: there is nothing to move (back it up with pg_dump, docs/postgresql.md)';

/**
 * Where this server keeps its data, and the move from the SQLite file to PostgreSQL (issue 42).
 * One store holds every station, so — as a restore — only the host station's owner (the first
 * company's, whoever runs the PC) may move it; roletype dev and every other station's owner are
 * refused 403. What can be checked at once is checked before the answer (the station name, the
 * store's version, the target: reachable, signed in, synchronous_commit on, allowed to create
 * tables, empty), so a mistake is a 400 while the server keeps running.
 */
export class StoreMoveService {
  /** Set by startServer: closes this server, moves the store and starts again on the same port. */
  moveInPlace: MoveInPlace | null = null;
  /** A move is being checked or done: one at a time (the flag is taken before the first await). */
  moving = false;

  constructor(
    private readonly ctx: AppContext,
    private readonly backups: Pick<BackupsService, 'hostCompanyId' | 'restoring'>,
    private readonly activity: ActivityLogsService,
  ) {}

  private isHostOwner(actor: Actor): boolean {
    return actor.role === 'owner' && actor.companyId === this.backups.hostCompanyId();
  }

  private onPostgres(): boolean {
    return Boolean(this.ctx.config.databaseUrl);
  }

  /** Owners of any station and roletype dev (the route table): the engine, the masked target and the last move. */
  async view(actor: Actor): Promise<StoreLocationView> {
    const url = this.ctx.config.databaseUrl;
    const canMove = this.isHostOwner(actor) && !this.onPostgres() && this.moveInPlace !== null;
    return {
      engine: this.onPostgres() ? 'postgres' : 'sqlite',
      target: url ? maskedUrl(url) : null,
      lastMove: readStoreLocation(this.ctx.config.dataDir)?.lastMove ?? null,
      canMove,
      hostStation: canMove ? await this.hostStationName() : null,
    };
  }

  private async hostStationName(): Promise<string> {
    const host = this.backups.hostCompanyId();
    if (host === null) return '';
    return this.ctx.store.read(async (q) => {
      const { companies } = tablesOf(q);
      return first(await q.select({ name: companies.name }).from(companies).where(eq(companies.id, host)))?.name ?? '';
    });
  }

  async move(actor: Actor, input: MoveToPostgresInput): Promise<MoveStarted> {
    if (!this.isHostOwner(actor))
      throw forbidden(
        "Only the host station's owner may move the data to PostgreSQL: it moves every station on this server",
      );
    if (this.onPostgres() || !this.ctx.sqlite) throw badRequest(ALREADY_ON_POSTGRES);
    if (!this.moveInPlace) throw forbidden('This server cannot restart itself: stop it and use npm run db:move');
    if (this.moving) throw conflict('A move to PostgreSQL is already under way');
    // Both close the server and start it again: one at a time.
    if (this.backups.restoring) throw conflict('A restore from a backup is under way: move when it is done');
    this.moving = true;
    try {
      await this.check(input);
      await this.activity.record(
        { userId: actor.userId, companyId: actor.companyId },
        'store_move_started',
        `Moving every station to PostgreSQL (${maskedUrl(input.to)})`,
      );
    } catch (err) {
      this.moving = false;
      throw err;
    }
    this.moveInPlace({ dataDir: this.ctx.config.dataDir, migrationsDir: this.ctx.config.migrationsDir, to: input.to });
    return { moving: true, target: maskedUrl(input.to) };
  }

  private async check(input: MoveToPostgresInput): Promise<void> {
    const host = await this.hostStationName();
    if (input.confirm !== host)
      throw badRequest(`Type the station name "${host}" exactly to confirm: nothing was moved`);
    try {
      if (this.ctx.sqlite) assertCurrent(this.ctx.sqlite.sqlite, this.ctx.config.migrationsDir);
      await checkTarget(input.to);
    } catch (err) {
      if (err instanceof MoveRefused || err instanceof TargetRefused) throw badRequest(err.message);
      throw err;
    }
  }
}
