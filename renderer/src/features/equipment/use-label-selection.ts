import { useState } from 'react';
import type { LabelSelection } from './components/equipment-grid';
import { addAll, toggleId } from './label-selection';

/** Print Labels' select mode: null while not selecting, else the ids ticked in order. */
export function useLabelSelection(): { selection: LabelSelection | undefined; start: () => void } {
  const [picked, setPicked] = useState<number[] | null>(null);
  const selection: LabelSelection | undefined = picked
    ? {
        ids: picked,
        onToggle: (item) => setPicked((ids) => toggleId(ids ?? [], item.id)),
        onSelectShown: (ids) => setPicked((had) => addAll(had ?? [], ids)),
        onClear: () => setPicked([]),
        onDone: () => setPicked(null),
      }
    : undefined;
  return { selection, start: () => setPicked((ids) => ids ?? []) };
}
