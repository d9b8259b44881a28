import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { create } from 'zustand';
import { loadChunk, mayReload, type ChunkProbe, type ChunkRetryDeps } from '@/lib/chunk-retry';
import { PageLoadFailed } from './page-load-failed';

/** Per tab: when this tab last reloaded itself for a missing chunk (the reload-loop guard). */
const RELOAD_KEY = 'cgb.chunkReloadAt';

/** How many page loads are retrying now: the page loader says "Reconnecting…" meanwhile. */
export const useChunkRetries = create<{ retrying: number }>(() => ({ retrying: 0 }));

async function probe(url: string): Promise<ChunkProbe> {
  try {
    const res = await fetch(url, { method: 'HEAD', cache: 'no-store' });
    if (res.ok) return 'there';
    // The server answers 404 for a build file it does not have: a newer build replaced it.
    return res.status === 404 ? 'gone' : 'unreachable';
  } catch {
    return 'unreachable';
  }
}

function reloadOnce(): boolean {
  let allowed = true;
  try {
    allowed = mayReload(sessionStorage.getItem(RELOAD_KEY), Date.now());
    if (allowed) sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
  } catch {
    // Storage refused (privacy mode): no guard is possible, so never reload by ourselves.
    return false;
  }
  if (allowed) window.location.reload();
  return allowed;
}

/** A page stylesheet as a fresh <link> (the failed one removed), settled when it applies or fails. */
function loadStylesheet(url: string): Promise<void> {
  for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')) {
    if (link.href === url) link.remove();
  }
  return new Promise((resolve, reject) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = url;
    link.addEventListener('load', () => resolve());
    link.addEventListener('error', () => reject(new Error(`Unable to preload CSS for ${url}`)));
    document.head.appendChild(link);
  });
}

const browserDeps: ChunkRetryDeps = {
  probe,
  loadStylesheet,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  reloadOnce,
  onRetrying: (retrying) => useChunkRetries.setState((s) => ({ retrying: s.retrying + (retrying ? 1 : -1) })),
};

/**
 * React.lazy for a route's page whose code download may be cut off by a server restart: retried
 * with backoff, a chunk gone after an update reloads the page once, and what still fails renders
 * a calm "Could not load this page — Reload" in place of the router's raw error page.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyExoticComponent<ComponentType> {
  return lazy(async () => {
    const outcome = await loadChunk(load, browserDeps);
    if (outcome.kind === 'loaded') return outcome.module;
    // Reloading: stay on the loader until the new document replaces this one.
    if (outcome.kind === 'reloading') return new Promise<never>(() => undefined);
    return { default: PageLoadFailed };
  });
}
