import { useEffect, useRef, useState } from 'react';
import type { VersionConflict } from '@shared/contracts/common';
import type { News, NewsRevision } from '@shared/contracts/news';
import { apiJson } from '@/lib/api-client';
import { registerLiveEvent } from '@/lib/live-registry';
import { useCurrentUser } from '@/lib/session-store';

/**
 * Issue 39 point 3: someone else saved the story this form is editing. `conflict` has the shape
 * of a 409's body (the story as it is now, who, when), so the form offers the same compare view
 * before a save, not only after one fails. `verb`: 'saved' for a new text, else the workflow step.
 */
export interface NewerSave {
  conflict: VersionConflict<News>;
  verb: string;
}

/** Who moved a story along without changing its text (no revision has that version). */
function workflowStep(story: News): { by: number | null; name: string | null; at: string | null; verb: string } {
  if (story.returnedAt && story.returnedAt === story.updatedAt) {
    return {
      by: story.returnedBy,
      name: story.returnedByName,
      at: story.returnedAt,
      verb: story.returnKind === 'unapproved' ? 'took back' : 'sent back',
    };
  }
  if (story.status === 'published')
    return { by: story.publishedBy, name: story.publishedByName, at: story.publishedAt, verb: 'published' };
  if (story.status === 'approved')
    return { by: story.approvedBy, name: story.approvedByName, at: story.approvedAt, verb: 'approved' };
  if (story.submittedAt)
    return { by: story.submittedBy, name: story.submittedByName, at: story.submittedAt, verb: 'submitted' };
  return { by: null, name: null, at: story.updatedAt, verb: 'changed' };
}

/** The newer version as a conflict to review; null when the save was this user's own. */
export async function describeNewerSave(story: News, myId: number): Promise<NewerSave | null> {
  const revisions = await apiJson<NewsRevision[]>('GET', `/api/news/${story.id}/revisions`).catch(
    () => [] as NewsRevision[],
  );
  const revision = revisions.find((r) => r.version === story.version);
  const step = revision
    ? { by: revision.savedBy, name: revision.savedByName, at: revision.savedAt, verb: 'saved' }
    : workflowStep(story);
  if (step.by === myId) return null;
  const changedBy = step.by === null ? null : { id: step.by, fullName: step.name ?? 'Someone' };
  return { conflict: { message: '', current: story, changedBy, changedAt: step.at }, verb: step.verb };
}

/**
 * Listens for news_updated of the story being edited: a version newer than the one the form
 * started from, saved by someone else, is reported at once (it stays until the form moves past it).
 */
export function useNewerSave(storyId: number | undefined, baseVersion: number | undefined): NewerSave | null {
  const me = useCurrentUser();
  const [newer, setNewer] = useState<NewerSave | null>(null);
  const base = useRef(baseVersion);
  useEffect(() => {
    base.current = baseVersion;
  }, [baseVersion]);
  useEffect(() => {
    if (storyId === undefined) return;
    let latest = 0;
    return registerLiveEvent('news_updated', {
      handle: (story) => {
        if (
          story.id !== storyId ||
          base.current === undefined ||
          story.version <= base.current ||
          story.version <= latest
        )
          return;
        latest = story.version;
        void describeNewerSave(story, me.id).then((found) => {
          if (found && latest === story.version) setNewer(found);
        });
      },
    });
  }, [storyId, me.id]);
  return newer && baseVersion !== undefined && newer.conflict.current.version > baseVersion ? newer : null;
}
