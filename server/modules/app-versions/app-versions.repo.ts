import { and, asc, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { Role, Roletype } from '../../../shared/roles';
import {
  appVersionFeedKeys,
  appVersionFiles,
  appVersions,
  companies,
  users,
  type AppVersionFileRow,
  type AppVersionRow,
} from '../../db/schema';

export interface AppVersionWithCompany {
  version: AppVersionRow;
  companyName: string;
}

const withCompany = { version: appVersions, companyName: companies.name };

/** Who a download ticket was made for, as they are now: what decides which files they may have. */
export interface TicketHolder {
  companyId: number;
  role: Role;
  roletype: Roletype;
}

/** SQL for app versions (one per company) and their uploaded installer files. */
export class AppVersionsRepo {
  constructor(private readonly db: DbOrTx) {}

  /** The ticket's user if they may still sign in: not deleted, active, in an active company. */
  findTicketHolder(userId: number): TicketHolder | undefined {
    const row = this.db
      .select({ companyId: users.companyId, role: users.role, roletype: users.roletype })
      .from(users)
      .innerJoin(companies, eq(companies.id, users.companyId))
      .where(and(eq(users.id, userId), eq(users.isActive, true), isNull(users.deletedAt), eq(companies.isActive, true)))
      .get();
    return row && { companyId: row.companyId, role: row.role as Role, roletype: row.roletype as Roletype };
  }

  findByCompany(companyId: number): AppVersionWithCompany | undefined {
    return this.db
      .select(withCompany)
      .from(appVersions)
      .innerJoin(companies, eq(companies.id, appVersions.companyId))
      .where(eq(appVersions.companyId, companyId))
      .get();
  }

  /**
   * The newest public version of another company that names `companyId` among its targets, unless
   * its installer is an upload here by someone who is not a dev: only a dev publishes to other
   * stations (issue 37 point 2), and a row a station's owner saved with targets before that rule
   * must not hand its own file to other stations. An external link or a file no longer stored
   * has no uploader to judge (see docs/decisions.md).
   */
  findPublicTargeting(companyId: number): AppVersionWithCompany | undefined {
    return this.db
      .select(withCompany)
      .from(appVersions)
      .innerJoin(companies, eq(companies.id, appVersions.companyId))
      .leftJoin(appVersionFiles, sql`${appVersions.downloadUrl} = '/api/app-version/files/' || ${appVersionFiles.id}`)
      .leftJoin(users, eq(users.id, appVersionFiles.uploadedBy))
      .where(
        and(
          eq(appVersions.isPublic, true),
          sql`exists (select 1 from json_each(${appVersions.targetCompanies}) where json_each.value = ${companyId})`,
          or(isNull(appVersionFiles.id), eq(users.roletype, 'dev')),
        ),
      )
      .orderBy(desc(appVersions.updatedAt), desc(appVersions.id))
      .get();
  }

  listAll(): AppVersionWithCompany[] {
    return this.db
      .select(withCompany)
      .from(appVersions)
      .innerJoin(companies, eq(companies.id, appVersions.companyId))
      .orderBy(desc(appVersions.createdAt), desc(appVersions.id))
      .all();
  }

  insert(values: typeof appVersions.$inferInsert): AppVersionRow {
    return this.db.insert(appVersions).values(values).returning().get();
  }

  update(companyId: number, values: Partial<typeof appVersions.$inferInsert>): AppVersionRow | undefined {
    return this.db.update(appVersions).set(values).where(eq(appVersions.companyId, companyId)).returning().get();
  }

  delete(companyId: number): AppVersionRow | undefined {
    return this.db.delete(appVersions).where(eq(appVersions.companyId, companyId)).returning().get();
  }

  /** Which of these company ids exist. */
  existingCompanyIds(ids: readonly number[]): Set<number> {
    if (ids.length === 0) return new Set();
    const rows = this.db
      .select({ id: companies.id })
      .from(companies)
      .where(sql`${companies.id} in (select value from json_each(${JSON.stringify(ids)}))`)
      .all();
    return new Set(rows.map((r) => r.id));
  }

  companyName(id: number): string | undefined {
    return this.db.select({ name: companies.name }).from(companies).where(eq(companies.id, id)).get()?.name;
  }

  insertFile(values: typeof appVersionFiles.$inferInsert): AppVersionFileRow {
    return this.db.insert(appVersionFiles).values(values).returning().get();
  }

  findFile(id: string): AppVersionFileRow | undefined {
    return this.db.select().from(appVersionFiles).where(eq(appVersionFiles.id, id)).get();
  }

  filesCreatedBefore(iso: string): AppVersionFileRow[] {
    return this.db.select().from(appVersionFiles).where(lt(appVersionFiles.createdAt, iso)).all();
  }

  /** Every version's downloadUrl (the sweep keeps the files they point at). */
  downloadUrls(): string[] {
    return this.db
      .select({ url: appVersions.downloadUrl })
      .from(appVersions)
      .all()
      .flatMap((r) => (r.url ? [r.url] : []));
  }

  deleteFile(id: string): void {
    this.db.delete(appVersionFiles).where(eq(appVersionFiles.id, id)).run();
  }

  countFiles(): number {
    return (
      this.db
        .select({ n: sql<number>`count(*)` })
        .from(appVersionFiles)
        .get()?.n ?? 0
    );
  }

  /** The company's update-feed key, if one was made. */
  feedKey(companyId: number): string | undefined {
    return this.db
      .select({ key: appVersionFeedKeys.key })
      .from(appVersionFeedKeys)
      .where(eq(appVersionFeedKeys.companyId, companyId))
      .get()?.key;
  }

  /** Stores a key unless one exists (two callers at once keep the first); returns the one stored. */
  insertFeedKey(companyId: number, key: string, createdAt: string): string {
    this.db.insert(appVersionFeedKeys).values({ companyId, key, createdAt }).onConflictDoNothing().run();
    return this.feedKey(companyId) ?? key;
  }

  setFileSha512(id: string, sha512: string): void {
    this.db.update(appVersionFiles).set({ sha512 }).where(eq(appVersionFiles.id, id)).run();
  }

  /** The station this server was first set up for: the oldest company still active. */
  oldestActiveCompanyId(): number | undefined {
    return this.db
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.isActive, true))
      .orderBy(asc(companies.id))
      .get()?.id;
  }
}
