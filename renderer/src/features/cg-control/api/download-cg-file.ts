import type { CgFile } from '@shared/contracts/cg-files';
import { apiRequest } from '@/lib/api-client';

/** "attachment; filename=\"x.txt\"" → x.txt (the server names the file; we fall back to ours). */
function fileNameFrom(disposition: string | null, fallback: string): string {
  const match = disposition?.match(/filename\*?=(?:UTF-8'')?"?([^";]+)"?/i);
  return match?.[1] ? decodeURIComponent(match[1]) : fallback;
}

/**
 * The download needs the bearer token, which a plain link cannot send: fetch it, then hand the
 * browser a Blob URL to save.
 */
export async function downloadCgFile(file: CgFile): Promise<void> {
  const res = await apiRequest('GET', `/api/cg-files/${file.id}/download`);
  const name = fileNameFrom(res.headers.get('Content-Disposition'), file.fileName ?? `${file.type}.txt`);
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoke later: some browsers start reading the Blob only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
