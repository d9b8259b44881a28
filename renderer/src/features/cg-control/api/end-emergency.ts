import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CgFile } from '@shared/contracts/cg-files';
import { apiJson } from '@/lib/api-client';
import { mergeCgFiles } from './get-cg-files';

export interface EndEmergencyResponse {
  success: boolean;
  files: CgFile[];
  /** False when there was no emergency to end (another desk ended it first). */
  ended: boolean;
}

/** Empties emergency.txt; headline and subheadline stay as they are (nothing is restored silently). */
export function endEmergency(): Promise<EndEmergencyResponse> {
  return apiJson<EndEmergencyResponse>('POST', '/api/cg-files/emergency/end', {});
}

export function useEndEmergency() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: endEmergency, onSuccess: (res) => mergeCgFiles(queryClient, res.files) });
}
