import { apiRequest } from '@/lib/api-client';
import { saveResponse } from '@/lib/save-file';
import { useActionMutation } from '@/lib/use-action-mutation';

export const EQUIPMENT_EXPORT_URL = '/api/equipment/export.csv';

/**
 * Export CSV: the server writes the file (all of the company's items, cells neutralised, in
 * pages); the browser only saves it. The call needs the bearer token, which a plain link cannot
 * send, so the answer comes as a blob (100 000 items ≈ 15 MB) and is saved through an <a download>.
 */
export async function downloadEquipmentCsv(): Promise<string> {
  const res = await apiRequest('GET', EQUIPMENT_EXPORT_URL);
  return saveResponse(res, `equipment-${new Date().toISOString().slice(0, 10)}.csv`);
}

export function useExportEquipment() {
  return useActionMutation({ mutationFn: downloadEquipmentCsv });
}
