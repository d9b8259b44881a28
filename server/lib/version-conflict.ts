import { eq } from 'drizzle-orm';
import type { VersionConflict } from '../../shared/contracts/common';
import { relativeTime } from '../../shared/relative-time';
import { first } from '../db/dialect';
import { type Q, tablesOf } from '../db/store';
import { HttpError } from './errors';

/** The stamp a versioned row keeps of its last change. */
export interface LastChange {
  updatedBy: number | null;
  updatedAt: string | null;
}

/**
 * The 409 of a save from a stale version (issue 26): "<Name> changed this <record> <when>",
 * the record as it is now, and who changed it when — so the editor can compare, never overwrite
 * blindly. Built inside the failed write's transaction, so `current` is what beat the save:
 * `throw await versionConflict(tx, …)`.
 */
export async function versionConflict<T>(
  db: Q,
  record: string,
  current: T,
  last: LastChange,
  now: Date,
): Promise<HttpError> {
  const { users } = tablesOf(db);
  const who =
    last.updatedBy === null
      ? undefined
      : first(
          await db.select({ id: users.id, fullName: users.fullName }).from(users).where(eq(users.id, last.updatedBy)),
        );
  const changedBy = who ?? null;
  const body: Omit<VersionConflict<T>, 'message'> = { current, changedBy, changedAt: last.updatedAt };
  const err = new HttpError(
    409,
    `${changedBy?.fullName ?? 'Someone'} changed this ${record} ${relativeTime(last.updatedAt, now)}`,
  );
  err.extra = body;
  return err;
}

/** True when a save named a version and the row has moved past it. */
export const isStale = (expected: number | undefined, row: { version: number } | undefined): boolean =>
  expected !== undefined && row !== undefined && row.version !== expected;
