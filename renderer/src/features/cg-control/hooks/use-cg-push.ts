import { useUpdateCgDirect, type UpdateCgDirectInput } from '../api/update-cg-direct';
import { toastCgFailure, toastCgUpdated, toastSuccess } from '../cg-toast';

export interface PushTexts {
  /** Success description; default '{type} file updated successfully' under 'CG Updated'. */
  success?: string;
  /** Failure description under 'Error'; default 'Failed to update CG file'. */
  failure?: string;
  /** No success toast (auto-play pushes every 5 s; a toast each time would hide everything else). */
  quiet?: boolean;
}

/**
 * Sends text to one CG type via update-direct with the spec's toasts. Blank text (after trim) is
 * ignored: an accidental empty push must never blank a graphic on air (clearing is explicit).
 */
export function useCgPush() {
  const mutation = useUpdateCgDirect();
  const push = (input: UpdateCgDirectInput, texts: PushTexts = {}): boolean => {
    const content = input.content.trim();
    if (!content) return false;
    const subheadline = input.subheadline?.trim();
    const body = { type: input.type, content, ...(subheadline ? { subheadline } : {}) };
    mutation.mutate(body, {
      onSuccess: () => {
        if (texts.quiet) return;
        if (texts.success) toastSuccess('CG Updated', texts.success);
        else toastCgUpdated(input.type);
      },
      onError: (error) => toastCgFailure('Error', texts.failure ?? 'Failed to update CG file', error),
    });
    return true;
  };
  return { push, pending: mutation.isPending };
}
