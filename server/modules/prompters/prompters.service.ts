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
import { prompters } from '../../db/schema';
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
  readonly repo: PromptersRepo;

  constructor(
    private readonly ctx: AppContext,
    private readonly activity: ActivityLogsService,
  ) {
    this.repo = new PromptersRepo(ctx.db);
  }

  list(actor: Caller): Prompter[] {
    return this.repo.list(actor.companyId).map(presentPrompter);
  }

  get(actor: Caller, id: number): Prompter {
    return presentPrompter(this.require(actor, id));
  }

  create(actor: Caller, input: CreatePrompter): Prompter {
    this.checkBulletins(actor, 'bulletinId', input.bulletinId === null ? [] : [input.bulletinId]);
    const now = this.now();
    const row = this.ctx.db.transaction((tx) => {
      const created = new PromptersRepo(tx).insert({
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
      this.activity.record(actor, 'prompter_created', `Created prompter "${created.name}"`, tx);
      return created;
    });
    return this.announce(actor, row.id);
  }

  update(actor: Caller, id: number, input: UpdatePrompter): Prompter {
    this.require(actor, id);
    const { companyId: _ignored, version, ...fields } = input;
    if (fields.bulletinId) this.checkBulletins(actor, 'bulletinId', [fields.bulletinId]);
    if (fields.selectedBulletinIds) this.checkBulletins(actor, 'selectedBulletinIds', fields.selectedBulletinIds);
    const patch: PrompterPatch = { ...fields, updatedAt: this.now(), updatedBy: actor.userId };
    for (const key of Object.keys(patch) as Array<keyof PrompterPatch>) if (patch[key] === undefined) delete patch[key];
    // The version check is the UPDATE's own WHERE (issue 26): a stale save changes nothing.
    const ok = this.ctx.db.transaction((tx) => {
      const repo = new PromptersRepo(tx);
      const row = repo.update(
        actor.companyId,
        id,
        patch,
        version === undefined ? undefined : eq(prompters.version, version),
      );
      if (row) this.activity.record(actor, 'prompter_updated', `Updated prompter "${row.name}"`, tx);
      const current = row ? undefined : repo.find(actor.companyId, id);
      if (current && isStale(version, current))
        throw versionConflict(tx, 'prompter', presentPrompter(current), current, this.ctx.clock.now());
      return Boolean(row);
    });
    if (!ok) throw notFound('Prompter');
    return this.announce(actor, id);
  }

  remove(actor: Caller, id: number): void {
    const removed = this.ctx.db.transaction((tx) => {
      const row = new PromptersRepo(tx).delete(actor.companyId, id);
      if (row) this.activity.record(actor, 'prompter_deleted', `Deleted prompter "${row.name}"`, tx);
      return row;
    });
    if (!removed) throw notFound('Prompter');
    this.ctx.bus.publish(actor.companyId, 'prompter_deleted', { id });
  }

  /** The script: the linked bulletin's items as sections (empty when no bulletin is linked). */
  content(actor: Caller, id: number): PrompterContent {
    const prompter = this.require(actor, id);
    const bulletin =
      prompter.bulletinId === null ? undefined : this.repo.bulletin(actor.companyId, prompter.bulletinId);
    if (!bulletin) return { prompterId: id, bulletinId: null, title: prompter.name, content: '', sections: [] };
    const { content, sections } = buildScript(this.repo.scriptItems(actor.companyId, bulletin.id));
    return { prompterId: id, bulletinId: bulletin.id, title: bulletin.title, content, sections };
  }

  /** A reading session of the caller (never a user named in the body). */
  startSession(actor: Caller, prompterId: number): PrompterSession {
    this.require(actor, prompterId);
    const row = this.repo.insertSession({
      companyId: actor.companyId,
      prompterId,
      userId: actor.userId,
      sessionStart: this.now(),
    });
    return presentSession(row);
  }

  /** Only the reader or a prompter manager ends a session; ending it twice is a 409. */
  endSession(actor: Actor, id: number, input: EndSession): PrompterSession {
    const session = this.repo.findSession(actor.companyId, id);
    if (!session) throw notFound('Prompter session');
    if (session.userId !== actor.userId && !can(actor, 'prompters.manage'))
      throw forbidden('You may end only your own prompter session');
    if (session.sessionEnd) throw conflict('This prompter session has already ended');
    const ended = this.repo.endSession(actor.companyId, id, this.now(), input.actions);
    if (!ended) throw conflict('This prompter session has already ended');
    return presentSession(ended);
  }

  /** The prompter of the caller's company, or 404 (also for another company's id). */
  require(actor: Pick<Actor, 'companyId'>, id: number) {
    const row = this.repo.find(actor.companyId, id);
    if (!row) throw notFound('Prompter');
    return row;
  }

  private checkBulletins(actor: Caller, field: string, ids: number[]): void {
    const own = this.repo.ownBulletinIds(actor.companyId, ids);
    // Another station's bulletin reads exactly like one that does not exist.
    if (ids.some((b) => !own.has(b)))
      throw badRequest(`${field}: Bulletin not found`, [{ path: field, message: 'Bulletin not found' }]);
  }

  private announce(actor: Caller, id: number): Prompter {
    const dto = this.get(actor, id);
    this.ctx.bus.publish(actor.companyId, 'prompter_updated', dto);
    return dto;
  }

  private now(): string {
    return this.ctx.clock.now().toISOString();
  }
}
