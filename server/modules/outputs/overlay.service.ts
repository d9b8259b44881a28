import { createHash, randomBytes } from 'node:crypto';
import {
  layoutOrDefault,
  layoutVersionOf,
  OVERLAY_KEY_BYTES,
  OVERLAY_KEY_PATTERN,
  type OverlayConnections,
  type OverlayLayout,
  type OverlayOutput,
  type OverlayTexts,
  type SaveOverlayLayoutInput,
  type VersionedOverlayLayout,
} from '../../../shared/contracts/overlay';
import type { AppContext } from '../../context';
import type { ActivityLogsService } from '../activity-logs/activity-logs.service';
import type { CgFilesService } from '../cg-files/cg-files.service';
import { isStale, versionConflict } from '../../lib/version-conflict';
import { SettingsRepo } from '../settings/settings.repo';
import { presentTimeZone } from '../settings/settings-time-zone';
import { OverlayKeysRepo } from './overlay-keys.repo';

type Caller = { userId: number; companyId: number };

export const overlayPath = (key: string) => `/overlay/${key}`;
export const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');
export const newKey = () => randomBytes(OVERLAY_KEY_BYTES).toString('base64url');

/**
 * The HTML overlay's server side (issue 25): the per-company key that stands in for a login in
 * OBS / vMix / CasparCG, and the per-station layout. The overlay reads CG state through the CG
 * service (the one write path); nothing here writes CG text.
 */
export class OverlayService {
  /** Set by startServer once the overlay hub exists (services are made before it). */
  connections: (companyId: number) => OverlayConnections = () => ({ connected: 0, previews: 0 });

  constructor(
    private readonly ctx: AppContext,
    private readonly cg: CgFilesService,
    private readonly activity: ActivityLogsService,
  ) {}

  /** The company's overlay URL path and layout; the key is made on first look. */
  async output(actor: Caller): Promise<OverlayOutput> {
    const { companyId } = actor;
    const row =
      (await this.ctx.store.read((q) => new OverlayKeysRepo(q).ofCompany(companyId))) ??
      // Looked for again in the write: two first looks at once make one key, not two in turn.
      (await this.ctx.store.write(companyId, async (tx) => {
        const repo = new OverlayKeysRepo(tx);
        return (await repo.ofCompany(companyId)) ?? this.makeKey(companyId, repo);
      }));
    return this.present(companyId, row);
  }

  /** A new key; overlays on the old one are cut off at once (the hub hears overlay_key_rotated). */
  async rotate(actor: Caller): Promise<OverlayOutput> {
    const row = await this.ctx.store.write(actor.companyId, async (tx) => {
      const made = await this.makeKey(actor.companyId, new OverlayKeysRepo(tx));
      await this.activity.record(
        actor,
        'overlay_key_rotated',
        'Overlay key rotated: overlays using the old URL were disconnected',
        tx,
      );
      return made;
    });
    this.ctx.bus.publish(actor.companyId, 'overlay_key_rotated', { createdAt: row.createdAt });
    return this.present(actor.companyId, row);
  }

  private async present(companyId: number, row: { key: string; createdAt: string }): Promise<OverlayOutput> {
    const stored = (await this.settingsOf(companyId))?.overlayLayout;
    return {
      key: row.key,
      path: overlayPath(row.key),
      createdAt: row.createdAt,
      layout: layoutOrDefault(stored),
      layoutVersion: layoutVersionOf(stored),
      ...this.connections(companyId),
    };
  }

  async layout(companyId: number): Promise<OverlayLayout> {
    return layoutOrDefault((await this.settingsOf(companyId))?.overlayLayout);
  }

  /**
   * Saves the whole layout from the version the form started from: a stale one is a 409 with the
   * layout as it is now and who saved it (issue 26). The version, who and when live in the stored
   * JSON beside the layout, so a layout save never makes the settings form stale, nor the reverse.
   */
  async saveLayout(actor: Caller, input: SaveOverlayLayoutInput & OverlayLayout): Promise<VersionedOverlayLayout> {
    const { version: expected, ...layout } = input;
    const saved = await this.ctx.store.write(actor.companyId, async (tx) => {
      const repo = new SettingsRepo(tx);
      const stored = (await repo.find(actor.companyId))?.overlayLayout;
      const version = layoutVersionOf(stored);
      if (isStale(expected, { version })) {
        const last = {
          updatedBy: numberOrNull(stored?.updatedBy),
          updatedAt: typeof stored?.updatedAt === 'string' ? stored.updatedAt : null,
        };
        throw await versionConflict(
          tx,
          'overlay layout',
          { ...layoutOrDefault(stored), version },
          last,
          this.ctx.clock.now(),
        );
      }
      const at = this.ctx.clock.now().toISOString();
      const next = { ...layout, version: version + 1, updatedBy: actor.userId, updatedAt: at };
      await repo.save(actor.companyId, { overlayLayout: next, updatedAt: at, updatedBy: actor.userId });
      await this.activity.record(actor, 'overlay_layout_updated', `Overlay layout saved: ${describe(layout)}`, tx);
      return { ...layout, version: next.version };
    });
    this.ctx.bus.publish(actor.companyId, 'overlay_layout_updated', layout);
    return saved;
  }

  /**
   * The company a presented key belongs to, or null. Malformed keys never reach the database.
   * Read from the store each time, not from a cache: a key rotated by another server sharing the
   * store stops working here with that server's commit.
   */
  async companyForKey(key: string): Promise<number | null> {
    if (!OVERLAY_KEY_PATTERN.test(key)) return null;
    const row = await this.ctx.store.read((q) => new OverlayKeysRepo(q).byHash(hashKey(key)));
    return row?.companyId ?? null;
  }

  /** What an overlay shows right after it connects: the committed CG texts, layout and clock zone. */
  async snapshot(companyId: number): Promise<{ texts: OverlayTexts; layout: OverlayLayout; timeZone: string }> {
    const texts: OverlayTexts = {};
    // The same read as the API-key sync: company-scoped, no user.
    for (const file of await this.cg.list({ companyId, userId: 0 })) texts[file.type] = file.content;
    const settings = await this.settingsOf(companyId);
    return { texts, layout: layoutOrDefault(settings?.overlayLayout), timeZone: presentTimeZone(settings) };
  }

  private settingsOf(companyId: number) {
    return this.ctx.store.read((q) => new SettingsRepo(q).find(companyId));
  }

  private async makeKey(companyId: number, repo: OverlayKeysRepo) {
    const key = newKey();
    const row = { companyId, key, keyHash: hashKey(key), createdAt: this.ctx.clock.now().toISOString() };
    await repo.put(row);
    return row;
  }
}

const numberOrNull = (v: unknown): number | null => (typeof v === 'number' ? v : null);

const describe = (l: OverlayLayout) =>
  `${l.align}, ticker ${l.tickerPosition} at ${l.tickerSpeed} px/s, safe area ${l.safeArea} %, font ${l.fontSize} px, ${l.animation}, colours ${l.accentColor} / ${l.barColor} / ${l.textColor}${l.showClock ? ', clock' : ''}`;
