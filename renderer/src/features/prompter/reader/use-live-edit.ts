import { useQueryClient } from '@tanstack/react-query';
import type { PrompterSection } from '@shared/contracts/prompters';
import { apiJson, errorMessage } from '@/lib/api-client';
import { showToast } from '@/lib/toast';
import { anyPrompterContentQueryKey } from '../api/prompters';

/**
 * Live edit: a correction typed into the script while reading is saved to the article itself
 * (PUT /api/news/:id), so the bulletin, the CG preview and every other reader get it; the server
 * decides who may edit (managers; writers only their own drafts). Each correction is its own
 * request (not the one-at-a-time guard of buttons): two sections edited in a row are two edits,
 * and neither may be dropped.
 */
export function useLiveEdit() {
  const queryClient = useQueryClient();
  return async (section: PrompterSection, body: string): Promise<boolean> => {
    if (section.newsId === null) return false;
    try {
      // The version the script was read at (issue 26): an article changed meanwhile is refused
      // ("<Name> changed this story …"), the script reloads, and the reader sees their text.
      await apiJson('PUT', `/api/news/${section.newsId}`, { content: body, version: section.newsVersion ?? undefined });
      showToast('Script updated', `“${section.title}” was saved`, 'green');
      return true;
    } catch (error) {
      showToast('Error', errorMessage(error, 'Failed to update the article'), 'red');
      return false;
    } finally {
      void queryClient.invalidateQueries({ queryKey: anyPrompterContentQueryKey });
    }
  };
}
