import { createHash, randomBytes } from 'node:crypto';
import { newFeedKey } from '../app-versions/app-version-feed';
import { hashKey as hashOverlayKey, newKey as newOverlayKey } from '../outputs/overlay.service';
import type { Row } from './import-rows';
import { deletedUsername, type UserPlan } from './import-users';

/**
 * What an imported row gets that the archive does not carry, table by table (docs/station-export.md
 * "What is not in it"): new passwords, API keys kept but inactive (their secrets are not in the
 * archive), a new overlay key and update-feed key (made as the overlay service and the feed make
 * theirs), and outputs turned off until this server is the one on air.
 */
export interface FillContext {
  company: { name: string; cgOutputPath: string };
  users: UserPlan;
  now: string;
  counts: { apiKeysInactive: number; outputsOff: number };
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

type Fill = (row: Row, oldId: unknown, ctx: FillContext) => void;

const FILLS: Readonly<Record<string, Fill>> = {
  companies: (row, _old, ctx) => {
    row.name = ctx.company.name;
    // The old CG folder is a path of the old PC: the station gets a folder of its own here.
    row.cgOutputPath = ctx.company.cgOutputPath;
  },
  users: (row, oldId, ctx) => {
    const plan = ctx.users.byOldId.get(Number(oldId));
    if (!plan) throw new Error(`No plan for user ${String(oldId)}`);
    row.username = row.deletedAt ? deletedUsername(plan.username, Number(row.id)) : plan.username;
    row.passwordHash = plan.passwordHash;
    row.roletype = plan.roletype;
  },
  api_keys: (row, _old, ctx) => {
    // A hash of a key nobody holds: the row stays listed (name, prefix, scopes) and is issued again.
    row.keyHash = sha256(randomBytes(32).toString('base64url'));
    if (row.isActive !== false) ctx.counts.apiKeysInactive += 1;
    row.isActive = false;
  },
  overlay_keys: (row, _old, ctx) => {
    const key = newOverlayKey();
    Object.assign(row, { key, keyHash: hashOverlayKey(key), createdAt: ctx.now });
  },
  app_version_feed_keys: (row, _old, ctx) => {
    Object.assign(row, { key: newFeedKey(), createdAt: ctx.now });
  },
  outputs: (row, _old, ctx) => {
    // A device of the old station may still be on air from the old server: this one starts silent.
    if (row.enabled !== false) ctx.counts.outputsOff += 1;
    row.enabled = false;
  },
};

export function fillRow(table: string, row: Row, oldId: unknown, ctx: FillContext): void {
  FILLS[table]?.(row, oldId, ctx);
}
