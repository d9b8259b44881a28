import { showToast } from '@/lib/toast';
import { useCgPush } from '@/features/cg-control/hooks/use-cg-push';
import type { ReaderController } from './reader-controller';

/**
 * Space / the overlay's send button: the current section's title goes on air as the headline, now
 * or with a clear failure (useCgPush: one request, no queue, a double press sends once). A break
 * or the headlines marker has no story title, so nothing is sent and the operator is told.
 */
export function useSendSection(controller: ReaderController) {
  const { push, pending } = useCgPush();
  const send = () => {
    const section = controller.currentSection();
    if (!section) return;
    if (section.newsId === null) {
      showToast('Nothing sent', `“${section.title}” is not a story title`, 'red');
      return;
    }
    if (push({ type: 'headline', content: section.title }, { success: `Headline: ${section.title}` })) controller.log('send_to_cg', section.title);
  };
  return { send, pending };
}
