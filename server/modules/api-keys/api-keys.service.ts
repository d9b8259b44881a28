import { createHash, randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { ApiKey, ApiKeyPermission, CreatedApiKey, createApiKeySchema } from '../../../shared/contracts/api-keys';
import { API_KEY_LAST_USED_RESOLUTION_MS } from '../../../shared/constants';
import type { AppContext } from '../../context';
import type { ApiKeyRow } from '../../db/schema';
import type { Actor } from '../../lib/auth';
import { notFound } from '../../lib/errors';
import { ApiKeysRepo } from './api-keys.repo';

/** Every key we issue starts so: a session token in the same header is told apart at once (control-auth.ts). */
export const API_KEY_PREFIX = 'cgb_';

/** An active key that holds the permission asked for. */
export interface VerifiedKey {
  companyId: number;
  keyId: number;
  permissions: string[];
  /** How the as-run log names the key: its name and prefix now ("Stream Deck (cgb_1a2b3c4d…)"). */
  label: string;
}

const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

/** lastUsed is older than its resolution (or never set): this use is recorded. */
const lastUsedStale = (lastUsed: string | null, now: Date) =>
  !lastUsed || now.getTime() - Date.parse(lastUsed) >= API_KEY_LAST_USED_RESOLUTION_MS;

function present(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    keyPrefix: row.keyPrefix,
    permissions: row.permissions as ApiKeyPermission[],
    isActive: row.isActive,
    createdAt: row.createdAt,
    lastUsed: row.lastUsed,
  };
}

/** Company API keys: 32 random bytes, stored as SHA-256, shown once, limited by permission. */
export class ApiKeysService {
  constructor(private readonly ctx: AppContext) {}

  async list(actor: Actor): Promise<ApiKey[]> {
    const rows = await this.ctx.store.read((q) => new ApiKeysRepo(q).list(actor.companyId));
    return rows.map(present);
  }

  async create(actor: Actor, input: z.output<typeof createApiKeySchema>): Promise<CreatedApiKey> {
    const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
    const values = {
      companyId: actor.companyId,
      name: input.name,
      keyHash: hashKey(key),
      keyPrefix: key.slice(0, 12),
      permissions: [...new Set(input.permissions)],
      createdAt: this.ctx.clock.now().toISOString(),
    };
    const row = await this.ctx.store.write(actor.companyId, (tx) => new ApiKeysRepo(tx).insert(values));
    return { ...present(row), key };
  }

  async setActive(actor: Actor, id: number, isActive: boolean): Promise<ApiKey> {
    const row = await this.ctx.store.write(actor.companyId, (tx) =>
      new ApiKeysRepo(tx).setActive(actor.companyId, id, isActive),
    );
    if (!row) throw notFound('API key');
    return present(row);
  }

  async remove(actor: Actor, id: number): Promise<void> {
    const removed = await this.ctx.store.write(actor.companyId, (tx) =>
      new ApiKeysRepo(tx).delete(actor.companyId, id),
    );
    if (!removed) throw notFound('API key');
  }

  /**
   * The company an active key with `permission` belongs to, or null. lastUsed is recorded to the
   * minute: a graphics PC polls sync several times a second, and a DB write (an fsync under
   * synchronous=FULL) per poll would compete with on-air writes for the disk. The same minute
   * bounds the live event that refreshes the keys table (issue 22).
   */
  async verify(key: string, permission: ApiKeyPermission): Promise<VerifiedKey | null> {
    const keyHash = hashKey(key);
    const row = await this.ctx.store.read((q) => new ApiKeysRepo(q).findByHash(keyHash));
    if (!row?.isActive || !row.permissions.includes(permission)) return null;
    const now = this.ctx.clock.now();
    if (lastUsedStale(row.lastUsed, now)) {
      const lastUsed = now.toISOString();
      // Checked again where it is written: polls arriving together record the minute, and tell
      // the keys table, once.
      const touched = await this.ctx.store.write(row.companyId, async (tx) => {
        const repo = new ApiKeysRepo(tx);
        const current = await repo.findByHash(keyHash);
        if (!current?.isActive || !lastUsedStale(current.lastUsed, now)) return false;
        await repo.touch(current.id, lastUsed);
        return true;
      });
      if (touched) this.ctx.bus.publish(row.companyId, 'api_key_used', { id: row.id, lastUsed });
    }
    return {
      companyId: row.companyId,
      keyId: row.id,
      permissions: row.permissions,
      label: `${row.name} (${row.keyPrefix}…)`,
    };
  }
}
