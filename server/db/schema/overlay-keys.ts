import { integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { isoNow } from './columns';
import { companies } from './companies';

/**
 * The key in a company's HTML overlay URL (issue 25): /overlay/<key>. The overlay runs in OBS,
 * vMix or CasparCG, which cannot sign in, so the key is the credential. It is looked up by its
 * SHA-256 (keyHash, unique): the secret itself is never compared byte by byte. `key` is kept
 * readable because /outputs shows the URL again to owners and admins (docs/decisions.md).
 */
export const overlayKeys = sqliteTable(
  'overlay_keys',
  {
    companyId: integer('company_id')
      .primaryKey()
      .references(() => companies.id),
    key: text('key').notNull(),
    keyHash: text('key_hash').notNull(),
    createdAt: text('created_at').notNull().default(isoNow),
  },
  (t) => [uniqueIndex('overlay_keys_key_hash_idx').on(t.keyHash)],
);

export type OverlayKeyRow = typeof overlayKeys.$inferSelect;
