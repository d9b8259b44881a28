import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { CompanyRow } from '../../db/schema';
import { tablesOf, type Q, type Store } from '../../db/store';
import { defaultCgOutputPath, freeDefaultCgOutputPath } from '../cg-files/cg-folders';
import { CompaniesRepo } from '../companies/companies.repo';
import { ImportRefused, type CheckedArchive } from './import-archive';
import type { FillContext } from './import-fill';
import { insertTable, newIds, type ImportReport } from './import-insert';
import { planTables } from './import-plan';
import { planUsers, takenUsernames, usernamesToCheck } from './import-users';

export interface ImportOptions {
  /** The station's name on this store; the archive's when not given. */
  name?: string;
  /** Appended to the usernames this store already has (usernames are unique server-wide). */
  usernameSuffix?: string;
  /** What relative CG folders resolve against: the server's base directory. */
  baseDir: string;
  now: Date;
  /** The archive's file name, for the station's Activity History. */
  archiveName: string;
}

export interface ImportResult {
  companyId: number;
  name: string;
  cgOutputPath: string;
  /** Per table in the archive's order: rows the manifest lists, rows imported. */
  tables: Array<{ table: string; rows: number; imported: number }>;
  leftOut: Array<{ table: string; rows: number; reason: string }>;
  nulled: Array<{ reference: string; rows: number }>;
  ownerPasswords: Array<{ username: string; password: string }>;
  renamed: Array<{ from: string; to: string }>;
  demoted: string[];
  apiKeysInactive: number;
  outputsOff: number;
}

interface Surroundings {
  nameTaken: boolean;
  taken: string[];
  companies: CompanyRow[];
}

async function lookAround(q: Q, name: string, usernames: string[]): Promise<Surroundings> {
  const { companies } = tablesOf(q);
  const sameName = await q
    .select({ id: companies.id })
    .from(companies)
    .where(sql`lower(trim(${companies.name})) = lower(${name})`);
  return {
    nameTaken: sameName.length > 0,
    taken: await takenUsernames(q, usernames),
    companies: await new CompaniesRepo(q).listAll(),
  };
}

const nameRefusal = (name: string) =>
  new ImportRefused(
    `A station named "${name}" is already in this store: it was imported before, or import it under another name with --name "<name>"`,
  );

/**
 * Imports one checked station archive into `store` (docs/station-export.md "Importing it"): a new
 * station (company id of this store) with every table's rows in the archive's order, in ONE write —
 * a failure anywhere leaves the store as it was. Every id is new; every link is rewritten through
 * the old → new map of its table, and a link to a row not in the archive becomes null (or, in a
 * NOT NULL column, leaves its row out — both reported). Refuses a station name or usernames the
 * store already has.
 */
export async function importStation(
  store: Store,
  archive: CheckedArchive,
  options: ImportOptions,
): Promise<ImportResult> {
  const plan = planTables(archive);
  const { manifest } = archive;
  const name = options.name?.trim() || manifest.station.name.trim();
  const before = await store.read((q) => lookAround(q, name, usernamesToCheck(plan.users)));
  if (before.nameTaken) throw nameRefusal(name);
  // Passwords are hashed here, outside the write (the write body awaits queries only).
  const users = await planUsers(plan.users, {
    taken: before.taken,
    usernameSuffix: options.usernameSuffix,
    keepDev: before.companies.length === 0,
  });
  const finalNames = usernamesToCheck(plan.users, users);
  const stillTaken = await store.read((q) => takenUsernames(q, finalNames));
  if (stillTaken.length)
    throw new ImportRefused(`These usernames are taken here even with the suffix: ${stillTaken.join(', ')}`);
  return store.write('server', async (tx) => {
    // Checked again where it is written: another import may have landed since.
    const now = await lookAround(tx, name, finalNames);
    if (now.nameTaken) throw nameRefusal(name);
    if (now.taken.length) throw new ImportRefused(`These usernames were taken meanwhile: ${now.taken.join(', ')}`);
    const maps = await newIds(tx, plan);
    const companyId = maps.get('companies')!.get(manifest.station.id) as number;
    const resolve = (p: string) => path.resolve(options.baseDir, p);
    // As a new station gets one (companies.service.ts): the first keeps ./cg_output, later ones a free sibling.
    const cgOutputPath = now.companies.length
      ? freeDefaultCgOutputPath(
          companyId,
          resolve,
          now.companies.map((c) => c.cgOutputPath),
        )
      : defaultCgOutputPath(companyId, true);
    const fill: FillContext = {
      company: { name, cgOutputPath },
      users,
      now: options.now.toISOString(),
      counts: { apiKeysInactive: 0, outputsOff: 0 },
    };
    const report: ImportReport = { imported: new Map(), leftOut: new Map(), nulled: new Map() };
    for (const table of plan.tables) await insertTable(tx, table, maps, fill, report);
    await tx.insert(tablesOf(tx).activityLogs).values({
      companyId,
      userId: null,
      action: 'station_imported',
      details: `Imported the station from ${options.archiveName}: exported ${manifest.createdAt} by ${manifest.exportedBy.username} from CG Bridge ${manifest.appVersion} (station "${manifest.station.name}", id ${manifest.station.id} there)`,
      createdAt: fill.now,
    });
    return {
      companyId,
      name,
      cgOutputPath,
      tables: plan.tables.map((t) => ({
        table: t.spec.name,
        rows: t.rows,
        imported: report.imported.get(t.spec.name) ?? 0,
      })),
      leftOut: [...report.leftOut].map(([table, v]) => ({ table, ...v })),
      nulled: [...report.nulled].map(([reference, rows]) => ({ reference, rows })),
      ownerPasswords: users.ownerPasswords,
      renamed: users.renamed,
      demoted: users.demoted,
      ...fill.counts,
    };
  });
}
