import { and, asc, desc, eq, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Role, Roletype } from '../../../shared/roles';
import { countAll, first } from '../../db/dialect';
import type { AppVersionFileRow, AppVersionRow } from '../../db/schema';
import { isSqlite, type Tables, Repo } from '../../db/store';

export interface AppVersionWithCompany {
  version: AppVersionRow;
  companyName: string;
}

/** Who a download ticket was made for, as they are now: what decides which files they may have. */
export interface TicketHolder {
  companyId: number;
  role: Role;
  roletype: Roletype;
}

/** SQL for app versions (one per company) and their uploaded installer files. */
export class AppVersionsRepo extends Repo {
  private get withCompany() {
    return { version: this.t.appVersions, companyName: this.t.companies.name };
  }

  /** The ticket's user if they may still sign in: not deleted, active, in an active company. */
  async findTicketHolder(userId: number): Promise<TicketHolder | undefined> {
    const { users, companies } = this.t;
    const row = first(
      await this.db
        .select({ companyId: users.companyId, role: users.role, roletype: users.roletype })
        .from(users)
        .innerJoin(companies, eq(companies.id, users.companyId))
        .where(
          and(eq(users.id, userId), eq(users.isActive, true), isNull(users.deletedAt), eq(companies.isActive, true)),
        ),
    );
    return row && { companyId: row.companyId, role: row.role as Role, roletype: row.roletype as Roletype };
  }

  async findByCompany(companyId: number): Promise<AppVersionWithCompany | undefined> {
    const { appVersions, companies } = this.t;
    return first(
      await this.db
        .select(this.withCompany)
        .from(appVersions)
        .innerJoin(companies, eq(companies.id, appVersions.companyId))
        .where(eq(appVersions.companyId, companyId)),
    );
  }

  /**
   * The newest public version of another company that names `companyId` among its targets, unless
   * its installer is an upload here by someone who is not a dev: only a dev publishes to other
   * stations (issue 37 point 2), and a row a station's owner saved with targets before that rule
   * must not hand its own file to other stations. An external link or a file no longer stored
   * has no uploader to judge (see docs/decisions.md).
   */
  async findPublicTargeting(companyId: number): Promise<AppVersionWithCompany | undefined> {
    const { appVersions, appVersionFiles, companies, users } = this.t;
    return first(
      await this.db
        .select(this.withCompany)
        .from(appVersions)
        .innerJoin(companies, eq(companies.id, appVersions.companyId))
        .leftJoin(appVersionFiles, sql`${appVersions.downloadUrl} = '/api/app-version/files/' || ${appVersionFiles.id}`)
        .leftJoin(users, eq(users.id, appVersionFiles.uploadedBy))
        .where(
          and(
            eq(appVersions.isPublic, true),
            this.targets(companyId),
            or(isNull(appVersionFiles.id), eq(users.roletype, 'dev')),
          ),
        )
        .orderBy(desc(appVersions.updatedAt), desc(appVersions.id))
        .limit(1),
    );
  }

  /** The version's JSON list of target companies holds `companyId` (each engine's JSON functions). */
  private targets(companyId: number): SQL {
    const column = this.t.appVersions.targetCompanies;
    return isSqlite(this.db)
      ? sql`exists (select 1 from json_each(${column}) where json_each.value = ${companyId})`
      : sql`(${column})::jsonb @> ${JSON.stringify([companyId])}::jsonb`;
  }

  listAll(): Promise<AppVersionWithCompany[]> {
    const { appVersions, companies } = this.t;
    return this.db
      .select(this.withCompany)
      .from(appVersions)
      .innerJoin(companies, eq(companies.id, appVersions.companyId))
      .orderBy(desc(appVersions.createdAt), desc(appVersions.id));
  }

  async insert(values: Tables['appVersions']['$inferInsert']): Promise<AppVersionRow> {
    const [row] = await this.db.insert(this.t.appVersions).values(values).returning();
    return row!;
  }

  async update(
    companyId: number,
    values: Partial<Tables['appVersions']['$inferInsert']>,
  ): Promise<AppVersionRow | undefined> {
    const { appVersions } = this.t;
    return first(await this.db.update(appVersions).set(values).where(eq(appVersions.companyId, companyId)).returning());
  }

  async delete(companyId: number): Promise<AppVersionRow | undefined> {
    const { appVersions } = this.t;
    return first(await this.db.delete(appVersions).where(eq(appVersions.companyId, companyId)).returning());
  }

  /** Which of these company ids exist (at most the 1000 targets a save may name). */
  async existingCompanyIds(ids: readonly number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const { companies } = this.t;
    const rows = await this.db
      .select({ id: companies.id })
      .from(companies)
      .where(inArray(companies.id, [...ids]));
    return new Set(rows.map((r) => r.id));
  }

  async companyName(id: number): Promise<string | undefined> {
    const { companies } = this.t;
    return first(await this.db.select({ name: companies.name }).from(companies).where(eq(companies.id, id)))?.name;
  }

  async insertFile(values: Tables['appVersionFiles']['$inferInsert']): Promise<AppVersionFileRow> {
    const [row] = await this.db.insert(this.t.appVersionFiles).values(values).returning();
    return row!;
  }

  async findFile(id: string): Promise<AppVersionFileRow | undefined> {
    const { appVersionFiles } = this.t;
    return first(await this.db.select().from(appVersionFiles).where(eq(appVersionFiles.id, id)));
  }

  filesCreatedBefore(iso: string): Promise<AppVersionFileRow[]> {
    const { appVersionFiles } = this.t;
    return this.db.select().from(appVersionFiles).where(lt(appVersionFiles.createdAt, iso));
  }

  /** Every version's downloadUrl (the sweep keeps the files they point at). */
  async downloadUrls(): Promise<string[]> {
    const { appVersions } = this.t;
    const rows = await this.db.select({ url: appVersions.downloadUrl }).from(appVersions);
    return rows.flatMap((r) => (r.url ? [r.url] : []));
  }

  async deleteFile(id: string): Promise<void> {
    const { appVersionFiles } = this.t;
    await this.db.delete(appVersionFiles).where(eq(appVersionFiles.id, id));
  }

  async countFiles(): Promise<number> {
    return first(await this.db.select({ n: countAll() }).from(this.t.appVersionFiles))?.n ?? 0;
  }

  /** The company's update-feed key, if one was made. */
  async feedKey(companyId: number): Promise<string | undefined> {
    const { appVersionFeedKeys } = this.t;
    return first(
      await this.db
        .select({ key: appVersionFeedKeys.key })
        .from(appVersionFeedKeys)
        .where(eq(appVersionFeedKeys.companyId, companyId)),
    )?.key;
  }

  /** Stores a key unless one exists (two callers at once keep the first); returns the one stored. */
  async insertFeedKey(companyId: number, key: string, createdAt: string): Promise<string> {
    await this.db.insert(this.t.appVersionFeedKeys).values({ companyId, key, createdAt }).onConflictDoNothing();
    return (await this.feedKey(companyId)) ?? key;
  }

  async setFileSha512(id: string, sha512: string): Promise<void> {
    const { appVersionFiles } = this.t;
    await this.db.update(appVersionFiles).set({ sha512 }).where(eq(appVersionFiles.id, id));
  }

  /** The station this server was first set up for: the oldest company still active. */
  async oldestActiveCompanyId(): Promise<number | undefined> {
    const { companies } = this.t;
    return first(
      await this.db
        .select({ id: companies.id })
        .from(companies)
        .where(eq(companies.isActive, true))
        .orderBy(asc(companies.id))
        .limit(1),
    )?.id;
  }
}
