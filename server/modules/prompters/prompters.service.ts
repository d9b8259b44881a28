import type { z } from 'zod';
import type {
  createPrompterSchema,
  endPrompterSessionSchema,
  Prompter,
  PrompterContent,
  PrompterSession,
  updatePrompterSchema,
} from '../../../shared/contracts/prompters';
import { can } from '../../../shared/roles';
import type { AppContext } from '../../context';
import type { Actor } from '../../lib/auth';
import { eq } from 'drizzle-orm';
import type { PrompterRow } from '../../db/schema';
import { tablesOf } from '../../db/store';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { isStale, versionConflict } from '../../lib/version-conflict';
import type { ActivityLogsService } from '../activity-logs/activity-logs.service';
import { buildScript } from './prompter-script';
import { PromptersRepo, type PrompterPatch } from './prompters.repo';
import { presentPrompter, presentSession } from './prompters.presenter';

type CreatePrompter = z.output<typeof createPrompterSchema>;
type UpdatePrompter = z.output<typeof updatePrompterSchema>;
type EndSession = z.output<typeof endPrompterSessionSchema>;
type Caller = Pick<Actor, 'companyId' | 'userId'>;

/** Prompters (docs/product.md §API): setups per company, the script built from a bulletin, reading sessions. */
export class PromptersService {
  constructor(
    private readonly ctx: AppContext,
    private readonly activity: ActivityLogsService,
  ) {}

  /** Whether the company has this prompter (the live hub's check of a socket's prompter). */
  async exists(companyId: number, id: number): Promise<boolean> {
    return (await this.ctx.store.read((q) => new PromptersRepo(q).find(companyId, id))) !== undefined;
  }

  async list(actor: Caller): Promise<Prompter[]> {
    const rows = await this.ctx.store.read((q) => new PromptersRepo(q).list(actor.companyId));
    return rows.map(presentPrompter);
  }

  /** Inside a write it reads that write's rows (store.read joins it). */
  async get(actor: Caller, id: number): Promise<Prompter> {
    return presentPrompter(await this.require(actor, id));
  }

  async create(actor: Caller, input: CreatePrompter): Promise<Prompter> {
    const now = this.now();
    const dto = await this.ctx.store.write(actor.companyId, async (tx) => {
      const repo = new PromptersRepo(tx);
      await this.checkBulletins(repo, actor, 'bulletinId', input.bulletinId === null ? [] : [input.bulletinId]);
      const created = await repo.insert({
        companyId: actor.companyId,
        name: input.name,
        bulletinId: input.bulletinId,
        fontSize: input.fontSize,
        fontFamily: input.fontFamily,
        backgroundColor: input.backgroundColor,
        textColor: input.textColor,
        scrollSpeed: input.scrollSpeed,
        isAutoScroll: input.isAutoScroll,
        createdBy: actor.userId,
        createdAt: now,
        updatedAt: now,
      });
      await this.activity.record(actor, 'prompter_created', `Created prompter "${created.name}"`, tx);
      return this.get(actor, created.id);
    });
    return this.announce(actor, dto);
  }

  async update(actor: Caller, id: number, input: UpdatePrompter): Promise<Prompter> {
    const { companyId: _ignored, version, ...fields } = input;
    const dto = await this.ctx.store.write(actor.companyId, async (tx) => {
      const repo = new PromptersRepo(tx);
      await this.require(actor, id);
      if (fields.bulletinId) await this.checkBulletins(repo, actor, 'bulletinId', [fields.bulletinId]);
      if (fields.selectedBulletinIds)
        await this.checkBulletins(repo, actor, 'selectedBulletinIds', fields.selectedBulletinIds);
      const patch: PrompterPatch = { ...fields, updatedAt: this.now(), updatedBy: actor.userId };
      for (const key of Object.keys(patch) as Array<keyof PrompterPatch>)
        if (patch[key] === undefined) delete patch[key];
      // The version check is the UPDATE's own WHERE (issue 26): a stale save changes nothing.
      const { prompters } = tablesOf(tx);
      const row = await repo.update(
        actor.companyId,
        id,
        patch,
        version === undefined ? undefined : eq(prompters.version, version),
      );
      if (row) {
        await this.activity.record(actor, 'prompter_updated', `Updated prompter "${row.name}"`, tx);
        return presentPrompter(row);
      }
      const current = await repo.find(actor.companyId, id);
      if (current && isStale(version, current))
        throw await versionConflict(tx, 'prompter', presentPrompter(current), current, this.ctx.clock.now());
      return undefined;
    });
    if (!dto) throw notFound('Prompter');
    return this.announce(actor, dto);
  }

  async remove(actor: Caller, id: number): Promise<void> {
    const removed = await this.ctx.store.write(actor.companyId, async (tx) => {
      const row = await new PromptersRepo(tx).delete(actor.companyId, id);
      if (row) await this.activity.record(actor, 'prompter_deleted', `Deleted prompter "${row.name}"`, tx);
      return row;
    });
    if (!removed) throw notFound('Prompter');
    this.ctx.bus.publish(actor.companyId, 'prompter_deleted', { id });
  }

  /** The script: the linked bulletin's items as sections (empty when no bulletin is linked). */
  content(actor: Caller, id: number): Promise<PrompterContent> {
    return this.ctx.store.read(async (q) => {
      const repo = new PromptersRepo(q);
      const prompter = await this.require(actor, id);
      const bulletin =
        prompter.bulletinId === null ? undefined : await repo.bulletin(actor.companyId, prompter.bulletinId);
      if (!bulletin) return { prompterId: id, bulletinId: null, title: prompter.name, content: '', sections: [] };
      const { content, sections } = buildScript(await repo.scriptItems(actor.companyId, bulletin.id));
      return { prompterId: id, bulletinId: bulletin.id, title: bulletin.title, content, sections };
    });
  }

  /** A reading session of the caller (never a user named in the body). */
  async startSession(actor: Caller, prompterId: number): Promise<PrompterSession> {
    const row = await this.ctx.store.write(actor.companyId, async (tx) => {
      await this.require(actor, prompterId);
      return new PromptersRepo(tx).insertSession({
        companyId: actor.companyId,
        prompterId,
        userId: actor.userId,
        sessionStart: this.now(),
      });
    });
    return presentSession(row);
  }

  /** Only the reader or a prompter manager ends a session; ending it twice is a 409. */
  async endSession(actor: Actor, id: number, input: EndSession): Promise<PrompterSession> {
    const ended = await this.ctx.store.write(actor.companyId, async (tx) => {
      const repo = new PromptersRepo(tx);
      const session = await repo.findSession(actor.companyId, id);
      if (!session) throw notFound('Prompter session');
      if (session.userId !== actor.userId && !can(actor, 'prompters.manage'))
        throw forbidden('You may end only your own prompter session');
      if (session.sessionEnd) throw conflict('This prompter session has already ended');
      return repo.endSession(actor.companyId, id, this.now(), input.actions);
    });
    if (!ended) throw conflict('This prompter session has already ended');
    return presentSession(ended);
  }

  /**
   * The prompter of the caller's company, or 404 (also for another company's id). Inside a write
   * it reads that write's rows (store.read joins it).
   */
  async require(actor: Pick<Actor, 'companyId'>, id: number): Promise<PrompterRow> {
    const row = await this.ctx.store.read((q) => new PromptersRepo(q).find(actor.companyId, id));
    if (!row) throw notFound('Prompter');
    return row;
  }

  private async checkBulletins(repo: PromptersRepo, actor: Caller, field: string, ids: number[]): Promise<void> {
    const own = await repo.ownBulletinIds(actor.companyId, ids);
    // Another station's bulletin reads exactly like one that does not exist.
    if (ids.some((b) => !own.has(b)))
      throw badRequest(`${field}: Bulletin not found`, [{ path: field, message: 'Bulletin not found' }]);
  }

  /** After the write's commit: tells the company's clients. */
  private announce(actor: Caller, dto: Prompter): Prompter {
    this.ctx.bus.publish(actor.companyId, 'prompter_updated', dto);
    return dto;
  }

  private now(): string {
    return this.ctx.clock.now().toISOString();
  }
}
