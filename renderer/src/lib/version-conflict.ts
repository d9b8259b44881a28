import type { VersionConflict } from '@shared/contracts/common';
import { relativeTime } from '@shared/relative-time';
import { HttpError } from './api-client';

/**
 * The 409 of a save from a stale version (issue 26), or null for any other failure. Other 409s
 * (a duplicate code, a published story) carry no `current` and stay ordinary errors.
 */
export function versionConflictOf<T>(error: unknown): VersionConflict<T> | null {
  if (!(error instanceof HttpError) || error.status !== 409) return null;
  try {
    const body = JSON.parse(error.bodyText) as Partial<VersionConflict<T>>;
    if (body && typeof body === 'object' && body.current && typeof body.message === 'string') {
      return {
        message: body.message,
        current: body.current,
        changedBy: body.changedBy ?? null,
        changedAt: body.changedAt ?? null,
      };
    }
  } catch {
    // Not JSON: not a version conflict.
  }
  return null;
}

/** "Aminath changed this story 2 minutes ago", worded with this browser's clock. */
export function conflictHeadline(conflict: VersionConflict<unknown>, record: string, now = new Date()): string {
  return `${conflict.changedBy?.fullName ?? 'Someone'} changed this ${record} ${relativeTime(conflict.changedAt, now)}`;
}
