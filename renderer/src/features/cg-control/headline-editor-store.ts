import { create } from 'zustand';
import { BREAKING_FORMAT_HEADLINE } from '@shared/constants';
import type { News } from '@shared/contracts/news';
import type { HeadlinePair } from './headline-defaults';

export interface SelectedNews {
  id: number;
  title: string;
}

interface HeadlineEditorState {
  headline: string;
  subheadline: string;
  /** Set once the defaults were applied, so later refetches never overwrite what the operator types. */
  seeded: boolean;
  /** The article last loaded with Edit (or the default one): Breaking Format uses its title. */
  selected: SelectedNews | null;
  setHeadline: (headline: string) => void;
  setSubheadline: (subheadline: string) => void;
  seed: (pair: HeadlinePair | null, fromFiles: boolean, article: News | null) => void;
  loadNews: (article: News) => void;
  breakingFormat: () => void;
}

/**
 * The operator's headline draft (UI state, docs/design-rules.md §3.6). A store rather than component state:
 * the dashboard and CG Control show the same panel, and the draft must survive moving between them.
 */
export const useHeadlineEditor = create<HeadlineEditorState>((set, get) => ({
  headline: '',
  subheadline: '',
  seeded: false,
  selected: null,
  setHeadline: (headline) => set({ headline }),
  setSubheadline: (subheadline) => set({ subheadline }),
  seed: (pair, fromFiles, article) => {
    const state = get();
    if (state.seeded) return;
    // Spec 000 §4: CG files win; news only fills an empty headline.
    const apply = pair !== null && (fromFiles || state.headline === '');
    set({
      seeded: true,
      ...(apply ? pair : {}),
      selected: state.selected ?? (article ? { id: article.id, title: article.title } : null),
    });
  },
  loadNews: (article) =>
    set({
      headline: article.title,
      subheadline: article.subtitle ?? '',
      selected: { id: article.id, title: article.title },
      seeded: true,
    }),
  breakingFormat: () => {
    const { selected } = get();
    if (selected) set({ headline: BREAKING_FORMAT_HEADLINE, subheadline: selected.title });
  },
}));
