/**
 * Loading a lazily split page's code when the connection may be cut off under it (a server
 * restart on the MCR PC, an update replacing the build). Pure: the browser pieces (probe, sleep,
 * reload, the reload guard) are passed in, so every path is unit-tested.
 */

/** Waits between attempts while the server does not answer: ~31 s in all, longer than a desktop server restart. */
export const CHUNK_RETRY_DELAYS_MS = [500, 1000, 2000, 4000, 8000, 8000, 8000] as const;

/** An automatic reload at most this often per tab: a build that is broken for good never loops. */
export const CHUNK_RELOAD_GUARD_MS = 60_000;

/** What asking the server for the chunk again said. */
export type ChunkProbe = 'there' | 'gone' | 'unreachable';

export type ChunkLoadOutcome<T> = { kind: 'loaded'; module: T } | { kind: 'reloading' } | { kind: 'failed' };

export interface ChunkRetryDeps {
  /** Asks the server for the chunk (HEAD); null when the error named no URL. */
  probe(url: string): Promise<ChunkProbe>;
  sleep(ms: number): Promise<void>;
  /**
   * Loads a page stylesheet again (resolves when it applies, rejects as Vite does). Vite's
   * preloader tries each stylesheet once per document: after a failed one the retried page would
   * render unstyled, so from then on each attempt loads it too.
   */
  loadStylesheet?: (url: string) => Promise<void>;
  /** Reloads the page if the guard allows it now; false when a reload happened too recently. */
  reloadOnce(): boolean;
  /** Told once when the first retry starts and once when that loading ends (the page shows "Reconnecting…"). */
  onRetrying?(retrying: boolean): void;
  delays?: readonly number[];
}

/**
 * The file URL in a failed dynamic import's message (Chromium: "Failed to fetch dynamically
 * imported module: <url>"; Firefox: "error loading dynamically imported module: <url>"; Vite's
 * preload of the page's stylesheet: "Unable to preload CSS for <url>"; Safari: "Importing a
 * module script failed." — no URL).
 */
export function chunkUrlFromError(error: unknown): string | null {
  const message = error instanceof Error ? error.message : String(error);
  return /(https?:\/\/\S+?\.(?:m?js|css))\b/.exec(message)?.[1] ?? null;
}

/** True when no automatic reload happened within the guard window (or the stored value is junk). */
export function mayReload(lastReloadAt: string | null, now: number, guardMs = CHUNK_RELOAD_GUARD_MS): boolean {
  const last = Number(lastReloadAt);
  if (!lastReloadAt || !Number.isFinite(last)) return true;
  return now - last >= guardMs || now < last;
}

/**
 * Tries `load` until it succeeds. After a failure the chunk is asked for again: still there or
 * no answer → wait (backoff) and retry; the server answering 404 means a new build replaced it,
 * so the page reloads once to get the new build's index; a script failing twice while the server
 * has it is held failed by the browser, so the page reloads once too. Out of retries or reloads →
 * 'failed'.
 */
export async function loadChunk<T>(load: () => Promise<T>, deps: ChunkRetryDeps): Promise<ChunkLoadOutcome<T>> {
  const delays = deps.delays ?? CHUNK_RETRY_DELAYS_MS;
  let retrying = false;
  let heldScriptFailures = 0;
  const stylesheets = new Set<string>();
  const loadStylesheet = deps.loadStylesheet;
  const attempt = async (): Promise<T> => {
    if (!loadStylesheet || stylesheets.size === 0) return load();
    const [module] = await Promise.all([load(), ...[...stylesheets].map((url) => loadStylesheet(url))]);
    return module;
  };
  try {
    for (let tries = 0; ; tries += 1) {
      try {
        return { kind: 'loaded', module: await attempt() };
      } catch (error) {
        const url = chunkUrlFromError(error);
        if (url?.endsWith('.css')) stylesheets.add(url);
        const probe = url ? await deps.probe(url) : 'unreachable';
        if (probe === 'gone') return deps.reloadOnce() ? { kind: 'reloading' } : { kind: 'failed' };
        // A script that failed again although the server has it: the browser keeps the failed
        // fetch for this document (Chromium 150 does — a retried import sends no request), so
        // only a new document loads it. Refused by the reload guard: retries go on as before.
        if (probe === 'there' && url?.endsWith('js') && ++heldScriptFailures >= 2 && deps.reloadOnce())
          return { kind: 'reloading' };
        const delay = delays[tries];
        if (delay === undefined) return { kind: 'failed' };
        if (!retrying) deps.onRetrying?.(true);
        retrying = true;
        await deps.sleep(probe === 'there' ? Math.min(delay, 250) : delay);
      }
    }
  } finally {
    if (retrying) deps.onRetrying?.(false);
  }
}
