import { apiRequest } from '@/lib/api-client';
import { useActionMutation } from '@/lib/use-action-mutation';

export const EQUIPMENT_EXPORT_URL = '/api/equipment/export.csv';

/** The server's file name (Content-Disposition), or a dated one. */
function fileNameOf(res: Response): string {
  const named = /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') ?? '')?.[1];
  return named ?? `equipment-${new Date().toISOString().slice(0, 10)}.csv`;
}

/**
 * Export CSV: the server writes the file (all of the company's items, cells neutralised, in
 * pages); the browser only saves it. The call needs the bearer token, which a plain link cannot
 * send, so the answer comes as a blob (100 000 items ≈ 15 MB) and is saved through an <a download>.
 */
export async function downloadEquipmentCsv(): Promise<string> {
  const res = await apiRequest('GET', EQUIPMENT_EXPORT_URL);
  const name = fileNameOf(res);
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoke after the click has been handled, or some browsers cancel the download.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return name;
}

export function useExportEquipment() {
  return useActionMutation({ mutationFn: downloadEquipmentCsv });
}
