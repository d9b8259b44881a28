import type { AppVersion } from '@shared/contracts/app-versions';
import { apiJson } from '@/lib/api-client';
import { useActionMutation } from '@/lib/use-action-mutation';

const OUR_FILE = /^\/api\/app-version\/files\/([0-9a-f]{32})$/;

/**
 * Downloads a version's installer. Our own files need the session, which a plain link cannot
 * send, so we first get a short-lived ticket URL (POST .../ticket) and let the browser download
 * that through an <a download> — streamed to disk, never a 500 MB blob in memory. Any other
 * downloadUrl is an outside link and opens in a new tab.
 */
export async function downloadAppFile(version: Pick<AppVersion, 'downloadUrl'>): Promise<void> {
  const url = version.downloadUrl ?? '';
  const fileId = OUR_FILE.exec(url)?.[1];
  if (!fileId) {
    window.open(url, '_blank', 'noopener');
    return;
  }
  const ticket = await apiJson<{ url: string }>('POST', `/api/app-version/files/${fileId}/ticket`);
  const link = document.createElement('a');
  link.href = ticket.url;
  // Empty: the server's Content-Disposition names the file (the name it was uploaded with).
  link.setAttribute('download', '');
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
}

export function useDownloadAppFile() {
  return useActionMutation({ mutationFn: downloadAppFile });
}
