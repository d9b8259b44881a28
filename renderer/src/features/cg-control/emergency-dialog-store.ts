import { create } from 'zustand';

interface EmergencyDialogState {
  opened: boolean;
  open: () => void;
  close: () => void;
}

/**
 * Whether the override dialog is open (UI state). One dialog, mounted once in the header, opened
 * from the header's Emergency Mode switch and from the Emergency Override box alike.
 */
export const useEmergencyDialog = create<EmergencyDialogState>((set) => ({
  opened: false,
  open: () => set({ opened: true }),
  close: () => set({ opened: false }),
}));
