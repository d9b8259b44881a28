import type { CgFile } from '@shared/contracts/cg-files';
import { apiRequest } from '@/lib/api-client';
import { saveResponse } from '@/lib/save-file';

/**
 * The download needs the bearer token, which a plain link cannot send: fetch it, then hand the
 * browser a Blob URL to save.
 */
export async function downloadCgFile(file: CgFile): Promise<void> {
  const res = await apiRequest('GET', `/api/cg-files/${file.id}/download`);
  await saveResponse(res, file.fileName ?? `${file.type}.txt`);
}
