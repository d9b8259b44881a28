import { cgText, useCgFiles } from './api/get-cg-files';

export interface EmergencyState {
  /** The emergency text on air ('' when none). */
  text: string;
  active: boolean;
  /** The CG files have not answered yet: nobody knows whether an emergency is on air. */
  loading: boolean;
}

/**
 * Emergency is on air while emergency.txt is non-empty. Read from the CG files query, which
 * cg_file_updated patches live, so every screen and every client agrees within a moment.
 */
export function useEmergencyState(): EmergencyState {
  const files = useCgFiles();
  const text = cgText(files.data, 'emergency');
  return { text, active: text.trim() !== '', loading: files.isPending };
}
