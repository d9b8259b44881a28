import { useQueryClient } from '@tanstack/react-query';
import { useActionMutation } from '@/lib/use-action-mutation';
import { apiJson } from '@/lib/api-client';
import { mergeCgFiles } from '@/lib/api/cg/get-cg-files';
import type { UpdateCgDirectResponse } from '@/lib/api/cg/update-cg-direct';

export interface EmergencyOverrideInput {
  content: string;
  headline?: string;
  subheadline?: string;
}

/** Emergency, headline and subheadline in ONE server operation: air never shows half an override. */
export function emergencyOverride(body: EmergencyOverrideInput): Promise<UpdateCgDirectResponse> {
  return apiJson<UpdateCgDirectResponse>('POST', '/api/cg-files/emergency', body);
}

export function useEmergencyOverride() {
  const queryClient = useQueryClient();
  return useActionMutation({ mutationFn: emergencyOverride, onSuccess: (res) => mergeCgFiles(queryClient, res.files) });
}
