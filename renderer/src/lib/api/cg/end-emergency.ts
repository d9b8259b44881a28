import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CgFile } from '@shared/contracts/cg-files';
import { apiJson } from '@/lib/api-client';
import { mergeCgFiles } from './get-cg-files';

export interface EndEmergencyResponse {
  success: boolean;
  files: CgFile[];
  /** False when there was no emergency to end (another desk ended it first). */
  ended: boolean;
  /** The lower third from before the override was put back with the end (issue 38). */
  restored?: true;
}

export interface EndEmergencyInput {
  /** The headline and subheadline the operator previewed, written in the same operation as the end. */
  restore?: { headline: string; subheadline: string };
}

/** One key: the header's switch shows it busy while the End question's mutation runs. */
export const endEmergencyMutationKey = ['end-emergency'] as const;

/** Empties emergency.txt; with `restore`, the previewed lower third goes back at once (nothing silently). */
export function endEmergency(input: EndEmergencyInput = {}): Promise<EndEmergencyResponse> {
  return apiJson<EndEmergencyResponse>('POST', '/api/cg-files/emergency/end', input);
}

export function useEndEmergency() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: endEmergencyMutationKey,
    mutationFn: endEmergency,
    onSuccess: (res) => mergeCgFiles(queryClient, res.files),
  });
}
