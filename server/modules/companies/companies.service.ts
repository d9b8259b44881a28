import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { z } from 'zod';
import type { Company, createCompanySchema } from '../../../shared/contracts/companies';
import type { User } from '../../../shared/contracts/users';
import type { AppContext } from '../../context';
import type { Q } from '../../db/store';
import type { Actor } from '../../lib/auth';
import { conflict, notFound } from '../../lib/errors';
import { hashPassword } from '../auth/password';
import {
  cgFolderClash,
  defaultCgOutputPath,
  freeDefaultCgOutputPath,
  legacyNestedPath,
  removeOurCgFiles,
} from '../cg-files/cg-folders';
import { SettingsRepo } from '../settings/settings.repo';
import { UsersRepo } from '../users/users.repo';
import { presentUser } from '../users/users.presenter';
import { CompaniesRepo } from './companies.repo';
import { presentCompany } from './companies.presenter';

type CreateCompany = z.output<typeof createCompanySchema>;

export interface FirstRunResult {
  company: Company;
  owner: User;
  /** Present only when generated, so the host can print it once. */
  generatedPassword?: string;
}

export class CompaniesService {
  constructor(private readonly ctx: AppContext) {}

  /**
   * At start: stations created by earlier versions had their CG folder INSIDE the first one's
   * (./cg_output/company-<id>), readable by the first station's graphics PC. Move them to their
   * sibling default (the resync that follows writes the files there) and remove our files from
   * the old place. Any other clash is logged loudly.
   */
  async separateCgFolders(): Promise<void> {
    const resolve = (p: string) => path.resolve(this.ctx.config.baseDir, p);
    const listAll = () => this.ctx.store.read((q) => new CompaniesRepo(q).listAll());
    for (const row of await listAll()) {
      if (row.cgOutputPath !== legacyNestedPath(row.id)) continue;
      await this.ctx.store.write(row.id, (tx) =>
        new CompaniesRepo(tx).setCgOutputPath(row.id, defaultCgOutputPath(row.id, false)),
      );
      removeOurCgFiles(resolve(row.cgOutputPath));
      this.ctx.logger.warn("Moved a CG folder out of another company's", {
        companyId: row.id,
        to: defaultCgOutputPath(row.id, false),
      });
    }
    const rows = await listAll();
    for (const row of rows) {
      const others = rows.filter((o) => o.id !== row.id).map((o) => resolve(o.cgOutputPath));
      const clash = cgFolderClash(resolve(row.cgOutputPath), others);
      if (clash) this.ctx.logger.error(`CG folder of company ${row.id}: ${clash}`, { path: row.cgOutputPath });
    }
  }

  async own(actor: Actor): Promise<Company> {
    const row = await this.ctx.store.read((q) => new CompaniesRepo(q).findById(actor.companyId));
    if (!row) throw notFound('Company');
    return presentCompany(row);
  }

  /** Every company, for developer accounts that look after a group of stations. */
  async all(): Promise<Company[]> {
    return (await this.ctx.store.read((q) => new CompaniesRepo(q).listAll())).map(presentCompany);
  }

  async create(
    input: CreateCompany,
    ownerRoletype: 'user' | 'dev' = 'user',
  ): Promise<{ company: Company; owner: User }> {
    const taken = (q: Q) => new UsersRepo(q).usernameTaken(input.ownerUsername);
    if (await this.ctx.store.read(taken)) throw conflict('Username already exists');
    const passwordHash = await hashPassword(input.ownerPassword);
    // One transaction: a company without its owner would be unreachable. The hash above is an
    // await: the name is checked again where it is written.
    return this.ctx.store.write('server', async (tx) => {
      if (await taken(tx)) throw conflict('Username already exists');
      const repo = new CompaniesRepo(tx);
      const isFirst = (await repo.count()) === 0;
      let company = await repo.insert({ name: input.name });
      // Two companies must never write the same CG files: later stations get their own sibling folder.
      if (!isFirst) {
        const others = (await repo.listAll()).filter((c) => c.id !== company.id).map((c) => c.cgOutputPath);
        const folder = freeDefaultCgOutputPath(company.id, (p) => path.resolve(this.ctx.config.baseDir, p), others);
        company = (await repo.setCgOutputPath(company.id, folder)) ?? company;
      }
      // New stations start in take mode (issue 25); stations from before keep null = direct sends.
      if (this.ctx.config.takeModeForNewCompanies) await new SettingsRepo(tx).save(company.id, { takeMode: true });
      const owner = await new UsersRepo(tx).insert({
        companyId: company.id,
        username: input.ownerUsername,
        passwordHash,
        fullName: input.ownerFullName,
        role: 'owner',
        roletype: ownerRoletype,
      });
      return { company: presentCompany(company), owner: presentUser(owner) };
    });
  }

  /** On an empty store: one company and its owner (docs/design-rules.md §6). Returns null when not needed. */
  async ensureFirstRun(): Promise<FirstRunResult | null> {
    if ((await this.ctx.store.read((q) => new CompaniesRepo(q).count())) > 0) return null;
    const { companyName, ownerUsername, ownerPassword, ownerRoletype } = this.ctx.config.firstRun;
    const password = ownerPassword ?? randomBytes(12).toString('base64url');
    const created = await this.create(
      { name: companyName, ownerUsername, ownerPassword: password, ownerFullName: 'Station Owner' },
      ownerRoletype,
    );
    return ownerPassword ? created : { ...created, generatedPassword: password };
  }
}
