import { useEffect, useRef } from 'react';
import { BULLETIN_AUTOPLAY_MS } from '@shared/constants';
import { useApprovedNews } from '@/lib/api/news/get-approved-news';
import { useBulletins } from '@/lib/api/bulletins/get-bulletins';
import { autoPlayActive, canNavigate, clampIndex } from '../preview-cycle';
import {
  activeBulletin,
  bulletinPreviewItems,
  newsPreviewItems,
  titleToPush,
  type PreviewItem,
} from '../preview-items';
import { usePreviewStore, type PreviewCgType } from '../preview-store';
import type { UpdateCgDirectInput } from '@/lib/api/cg/update-cg-direct';
import { useCgPush } from '@/lib/cg/use-cg-push';

const PUSH_TEXTS = { success: 'CG content has been updated', failure: 'Failed to update CG content' } as const;

/** On the headline a story always brings its own subheadline (or clears the old one), in one call. */
function withSubheadline(type: PreviewCgType, content: string, item: PreviewItem | undefined): UpdateCgDirectInput {
  return type === 'headline' ? { type, content, subheadline: item?.subtitle ?? '' } : { type, content };
}

/** Calls `tick` every 5 s while `active`; the latest `tick` is used, the timer is not restarted. */
function useAutoPlayTimer(active: boolean, tick: () => void): void {
  const latest = useRef(tick);
  useEffect(() => {
    latest.current = tick;
  });
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => latest.current(), BULLETIN_AUTOPLAY_MS);
    return () => clearInterval(timer);
  }, [active]);
}

function usePreviewItems() {
  const liveMode = usePreviewStore((s) => s.liveMode);
  const selectedBulletinId = usePreviewStore((s) => s.selectedBulletinId);
  const approved = useApprovedNews();
  const bulletins = useBulletins();
  const list = bulletins.data ?? [];
  const items: PreviewItem[] = liveMode
    ? bulletinPreviewItems(activeBulletin(list, selectedBulletinId))
    : newsPreviewItems(approved.data ?? []);
  const loading = liveMode ? bulletins.isPending : approved.isPending;
  return { items, bulletins: list, loading };
}

/**
 * CG preview / live bulletin mode (docs/product.md §States): every move to another item pushes its title to
 * the selected CG type; auto-play moves one item every 5 s while live mode and auto-play are on.
 */
export function useCgPreview() {
  const store = usePreviewStore();
  const { items, bulletins, loading } = usePreviewItems();
  const cg = useCgPush();
  const index = clampIndex(store.liveMode ? store.bulletinIndex : store.newsIndex, items.length);
  const navigable = canNavigate(items.length, cg.pending);

  const pushItem = (item: PreviewItem | undefined, quiet = false) => {
    const title = titleToPush(item);
    if (!title) return;
    // On the headline a story always brings its own subheadline (or clears the old one), in one call.
    cg.push(withSubheadline(store.cgType, title, item), { ...PUSH_TEXTS, quiet });
  };
  const step = (delta: number, quiet = false) => {
    if (!navigable) return;
    pushItem(items[store.step(delta, items.length)], quiet);
  };
  const jump = (target: number) => pushItem(items[store.jump(target, items.length)]);
  const saveText = (text: string) =>
    cg.push(withSubheadline(store.cgType, text, items[index]), {
      success: 'CG content has been updated successfully',
      failure: 'Failed to update CG content',
    });

  useAutoPlayTimer(autoPlayActive(store.liveMode, store.autoPlay, items.length), () => step(1, true));

  return {
    store,
    items,
    bulletins,
    loading,
    index,
    current: items[index],
    navigable,
    pending: cg.pending,
    step,
    jump,
    saveText,
  };
}

export type CgPreviewModel = ReturnType<typeof useCgPreview>;
