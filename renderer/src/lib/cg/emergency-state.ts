import { create } from 'zustand';
import type { CgFile } from '@shared/contracts/cg-files';
import { cgText, useCgFiles } from '../api/cg/get-cg-files';

export interface EmergencyState {
  /** The emergency text on air ('' when none). */
  text: string;
  active: boolean;
  /** The CG files have not answered yet: nobody knows whether an emergency is on air. */
  loading: boolean;
}

/**
 * The emergency text the live channel last announced (null: none since this page loaded).
 * A station's first emergency has no emergency row in the cached CG list yet, so the list's
 * live patch cannot carry it; the list's refetch ~300 ms later brings the row. In that window
 * every screen must already know, or a Take would send without asking (issue 25).
 */
export const useLiveEmergency = create<{ text: string | null }>(() => ({ text: null }));

export function noteLiveEmergency(text: string): void {
  useLiveEmergency.setState({ text });
}

/** The CG list's emergency row when it has one; before that, what the live channel said. */
export function emergencyText(files: readonly CgFile[] | undefined, live: string | null): string {
  const hasRow = files?.some((f) => f.type === 'emergency') ?? false;
  return hasRow || live === null ? cgText(files, 'emergency') : live;
}

/**
 * Emergency is on air while emergency.txt is non-empty. Read from the CG files query, which
 * cg_file_updated patches live, so every screen and every client agrees within a moment.
 */
export function useEmergencyState(): EmergencyState {
  const files = useCgFiles();
  const live = useLiveEmergency((s) => s.text);
  const text = emergencyText(files.data, live);
  return { text, active: text.trim() !== '', loading: files.isPending };
}
