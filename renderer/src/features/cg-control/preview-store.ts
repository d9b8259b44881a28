import { create } from 'zustand';
import type { CG_PREVIEW_TYPES } from '@shared/constants';
import { clampIndex, wrapIndex } from './preview-cycle';

export type PreviewCgType = (typeof CG_PREVIEW_TYPES)[number];

export interface PreviewState {
  /** Live bulletin mode (the Bulletin/Live toggle); off = cycling approved news. */
  liveMode: boolean;
  autoPlay: boolean;
  newsIndex: number;
  bulletinIndex: number;
  selectedBulletinId: number | null;
  cgType: PreviewCgType;
  toggleLiveMode: () => void;
  setAutoPlay: (on: boolean) => void;
  selectBulletin: (id: number | null) => void;
  setCgType: (type: PreviewCgType) => void;
  /** Moves by `delta` (wrapping) in the current mode's list; returns the new index. */
  step: (delta: number, length: number) => number;
  /** Jumps to `index` in the current mode's list; returns the index actually used. */
  jump: (index: number, length: number) => number;
}

const indexKey = (liveMode: boolean) => (liveMode ? 'bulletinIndex' : 'newsIndex');

/** CG preview / live bulletin mode state (docs/product.md §States); the timer and the push live in the hook. */
export const usePreviewStore = create<PreviewState>((set, get) => ({
  liveMode: false,
  autoPlay: false,
  newsIndex: 0,
  bulletinIndex: 0,
  selectedBulletinId: null,
  cgType: 'headline',
  // The toggle always stops auto-play, so switching mode never starts pushing by itself.
  toggleLiveMode: () => set((s) => ({ liveMode: !s.liveMode, autoPlay: false })),
  setAutoPlay: (autoPlay) => set({ autoPlay }),
  selectBulletin: (selectedBulletinId) => set({ selectedBulletinId, bulletinIndex: 0, autoPlay: false }),
  setCgType: (cgType) => set({ cgType }),
  step: (delta, length) => {
    const key = indexKey(get().liveMode);
    const next = wrapIndex(clampIndex(get()[key], length), delta, length);
    set({ [key]: next });
    return next;
  },
  jump: (index, length) => {
    const next = clampIndex(index, length);
    set({ [indexKey(get().liveMode)]: next });
    return next;
  },
}));
