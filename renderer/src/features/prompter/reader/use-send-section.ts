import { useUpdateCgDirect } from '@/lib/api/cg/update-cg-direct';
import { toastCgFailure, toastSuccess } from '@/lib/cg/cg-toast';
import { useEmergencyConfirm } from '@/lib/cg/use-emergency-confirm';
import { useCreateCgFromNews } from '@/lib/api/cg/create-cg-from-news';
import type { ReaderController } from './reader-controller';
import { sectionCgAction, type SectionCgAction } from './section-cg';

const FAILURE = 'Failed to update CG file';

/**
 * Space / the overlay's send button: the current section's story goes on air as headline and
 * subheadline together, now or with a clear failure (one request, no queue, a double press sends
 * once). A break or the headlines marker has no story: it takes the lower third off air (headline
 * and subheadline), so no line of the last story stays on air. During an emergency it asks first.
 */
export function useSendSection(controller: ReaderController) {
  const story = useCreateCgFromNews();
  const direct = useUpdateCgDirect();
  const confirm = useEmergencyConfirm();

  const run = (action: SectionCgAction) => {
    if (action.kind === 'story') {
      story.mutate(
        // sentFrom: the cue airs at once even in take mode (the reader's timing is the take).
        { id: action.newsId, body: { ...action.body, sentFrom: 'prompter' } },
        {
          onSuccess: () => toastSuccess('CG Updated', `Headline: ${action.title}`),
          onError: (error) => toastCgFailure('Error', FAILURE, error),
        },
      );
      controller.log('send_to_cg', action.title);
      return;
    }
    direct.mutate(action.body, {
      onSuccess: () => toastSuccess('CG Updated', `Lower third cleared (${action.title})`),
      onError: (error) => toastCgFailure('Error', FAILURE, error),
    });
    controller.log('clear_lower_third', action.title);
  };

  const send = () => {
    const section = controller.currentSection();
    if (!section || story.isPending || direct.isPending) return;
    const action = sectionCgAction(section);
    confirm(
      action.kind === 'story' ? `Headline: ${action.title}` : 'Clear the lower third (headline and subheadline)',
      () => run(action),
    );
  };
  return { send, pending: story.isPending || direct.isPending };
}
