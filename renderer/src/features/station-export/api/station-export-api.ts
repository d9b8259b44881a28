import { apiRequest } from '@/lib/api-client';
import { saveResponse } from '@/lib/save-file';

/**
 * The station's own data as one archive (issue 41, docs/station-export.md). Fetched with the
 * session's token (a plain link would carry none) and saved under the server's file name.
 */
export async function downloadStationExport(): Promise<string> {
  return saveResponse(await apiRequest('GET', '/api/station-export'), 'cg-bridge-station-export.tar');
}
