import { onAirTextProblem } from '@shared/on-air-rules';
import { useUpdateCgDirect, type UpdateCgDirectInput } from '../api/cg/update-cg-direct';
import { showToast } from '@/lib/toast';
import { toastAir } from '@/lib/cg/air-toast';
import { toastCgFailure, toastStaged } from './cg-toast';

export interface PushTexts {
  /** Success description; default '{type} file updated successfully' under 'CG Updated'. */
  success?: string;
  /** Failure description under 'Error'; default 'Failed to update CG file'. */
  failure?: string;
  /** No success toast (auto-play pushes every 5 s; a toast each time would hide everything else). */
  quiet?: boolean;
  /** The staged toast's words where there is no Enter key to take (the phone, issue 38). */
  staged?: string;
}

/** The rule the push would break (headline or its subheadline), or null. */
function pushProblem(body: UpdateCgDirectInput): string | null {
  const main = onAirTextProblem(body.type, body.content);
  if (main || body.subheadline === undefined) return main;
  return onAirTextProblem('subheadline', body.subheadline);
}

/**
 * Sends text to one CG type via update-direct with the spec's toasts. Blank content (after trim)
 * is ignored: an accidental empty push must never blank a graphic on air (clearing is explicit).
 * A subheadline given as '' IS sent: it clears the previous story's subheadline in the same call.
 * Text that breaks the type's on-air rule is not sent; the operator is told which rule.
 */
export function useCgPush() {
  const mutation = useUpdateCgDirect();
  const push = (input: UpdateCgDirectInput, texts: PushTexts = {}): boolean => {
    const content = input.content.trim();
    if (!content) return false;
    const body: UpdateCgDirectInput = {
      type: input.type,
      content,
      ...(input.subheadline !== undefined ? { subheadline: input.subheadline.trim() } : {}),
    };
    const problem = pushProblem(body);
    if (problem) {
      toastCgFailure('Error', texts.failure ?? 'Failed to update CG file', new Error(problem));
      return false;
    }
    mutation.mutate(body, {
      onSuccess: (res) => {
        if (res.staged) {
          if (texts.staged) showToast('Staged in NEXT', texts.staged, 'blue');
          else if (!texts.quiet) toastStaged(`${input.type} staged`);
          return;
        }
        if (texts.quiet) return;
        // The usual words, and what each output did with it (issue 38).
        toastAir('CG Updated', texts.success ?? `${input.type} file updated successfully`, res.air);
      },
      onError: (error) => toastCgFailure('Error', texts.failure ?? 'Failed to update CG file', error),
    });
    return true;
  };
  return { push, pending: mutation.isPending };
}
