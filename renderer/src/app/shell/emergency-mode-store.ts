import { create } from 'zustand';

interface EmergencyModeState {
  on: boolean;
  toggle: () => void;
}

/** The header's Emergency Mode switch: local to this tab; the spec shows no further effect. */
export const useEmergencyMode = create<EmergencyModeState>((set) => ({
  on: false,
  toggle: () => set((s) => ({ on: !s.on })),
}));
