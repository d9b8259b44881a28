import { describe, expect, it } from 'vitest';
import { chunkUrlFromError, loadChunk, mayReload, type ChunkProbe, type ChunkRetryDeps } from './chunk-retry';

const URL_ = 'http://192.168.1.20:3000/assets/news-page-B3NaBe9s.js';
const importError = () => new TypeError(`Failed to fetch dynamically imported module: ${URL_}`);

/** A load that fails `failures` times, then gives the module. */
function flakyLoad(failures: number) {
  let calls = 0;
  const load = () => {
    calls += 1;
    return calls <= failures ? Promise.reject(importError()) : Promise.resolve('module');
  };
  return { load, calls: () => calls };
}

function fakeDeps(probes: ChunkProbe[], reloadAllowed = true) {
  const log: string[] = [];
  const deps: ChunkRetryDeps = {
    probe: (url) => {
      log.push(`probe ${url}`);
      return Promise.resolve(probes.shift() ?? 'unreachable');
    },
    sleep: (ms) => {
      log.push(`sleep ${ms}`);
      return Promise.resolve();
    },
    reloadOnce: () => {
      log.push('reload');
      return reloadAllowed;
    },
    onRetrying: (retrying) => log.push(retrying ? 'retrying' : 'done'),
    delays: [500, 1000, 2000],
  };
  return { deps, log };
}

describe('chunkUrlFromError', () => {
  it('reads the module URL from Chromium’s and Firefox’s messages', () => {
    expect(chunkUrlFromError(importError())).toBe(URL_);
    expect(chunkUrlFromError(new TypeError(`error loading dynamically imported module: ${URL_}`))).toBe(URL_);
  });
  it('reads the stylesheet URL from Vite’s preload error', () => {
    const css = 'http://localhost:3000/assets/cg-control-page-ICrl1ciK.css';
    expect(chunkUrlFromError(new Error(`Unable to preload CSS for ${css}`))).toBe(css);
  });
  it('is null when the message names no script (Safari)', () => {
    expect(chunkUrlFromError(new TypeError('Importing a module script failed.'))).toBeNull();
    expect(chunkUrlFromError('nonsense')).toBeNull();
  });
});

describe('mayReload', () => {
  it('allows a reload when none happened, or the last one is older than the guard', () => {
    expect(mayReload(null, 100_000)).toBe(true);
    expect(mayReload('junk', 100_000)).toBe(true);
    expect(mayReload('10000', 70_000)).toBe(true);
  });
  it('refuses a second reload within the guard (no reload loop)', () => {
    expect(mayReload('10000', 69_999)).toBe(false);
  });
  it('allows it when the stored time is in the future (clock changed)', () => {
    expect(mayReload('90000', 10_000)).toBe(true);
  });
});

describe('loadChunk', () => {
  it('loads at once without retrying or saying so', async () => {
    const { deps, log } = fakeDeps([]);
    expect(await loadChunk(flakyLoad(0).load, deps)).toEqual({ kind: 'loaded', module: 'module' });
    expect(log).toEqual([]);
  });

  it('retries with backoff while the server does not answer, then loads', async () => {
    const { deps, log } = fakeDeps(['unreachable', 'unreachable']);
    const flaky = flakyLoad(2);
    expect(await loadChunk(flaky.load, deps)).toEqual({ kind: 'loaded', module: 'module' });
    expect(flaky.calls()).toBe(3);
    expect(log).toEqual([`probe ${URL_}`, 'retrying', 'sleep 500', `probe ${URL_}`, 'sleep 1000', 'done']);
  });

  it('retries soon when the server still has the file (a cut-off download)', async () => {
    const { deps, log } = fakeDeps(['there']);
    expect(await loadChunk(flakyLoad(1).load, deps)).toEqual({ kind: 'loaded', module: 'module' });
    expect(log).toContain('sleep 250');
  });

  it('reloads once when a script fails again although the server has it (the browser holds the failure: Chromium 150)', async () => {
    const { deps, log } = fakeDeps(['unreachable', 'there', 'there']);
    const flaky = flakyLoad(99);
    expect(await loadChunk(flaky.load, deps)).toEqual({ kind: 'reloading' });
    expect(flaky.calls()).toBe(3);
    expect(log).toEqual([
      `probe ${URL_}`,
      'retrying',
      'sleep 500',
      `probe ${URL_}`,
      'sleep 250',
      `probe ${URL_}`,
      'reload',
      'done',
    ]);
  });

  it('goes on retrying a held script failure when a reload just happened', async () => {
    const { deps, log } = fakeDeps(['there', 'there', 'there'], false);
    const flaky = flakyLoad(3);
    expect(await loadChunk(flaky.load, deps)).toEqual({ kind: 'loaded', module: 'module' });
    expect(log.filter((l) => l === 'reload')).toHaveLength(2);
  });

  it('reloads once when the server no longer has the file (a new build)', async () => {
    const { deps, log } = fakeDeps(['gone']);
    const flaky = flakyLoad(5);
    expect(await loadChunk(flaky.load, deps)).toEqual({ kind: 'reloading' });
    expect(flaky.calls()).toBe(1);
    expect(log).toEqual([`probe ${URL_}`, 'reload']);
  });

  it('fails when the file is gone and a reload just happened', async () => {
    const { deps } = fakeDeps(['gone'], false);
    expect(await loadChunk(flakyLoad(5).load, deps)).toEqual({ kind: 'failed' });
  });

  it('fails after the last delay, never reloading into a server that does not answer', async () => {
    const { deps, log } = fakeDeps([]);
    const flaky = flakyLoad(99);
    expect(await loadChunk(flaky.load, deps)).toEqual({ kind: 'failed' });
    expect(flaky.calls()).toBe(4);
    expect(log).not.toContain('reload');
    expect(log.at(-1)).toBe('done');
  });

  it('after a failed stylesheet, every retry loads that stylesheet too (Vite tries it once only)', async () => {
    const css = 'http://localhost:3000/assets/cg-control-page-ICrl1ciK.css';
    const { deps, log } = fakeDeps(['there', 'there']);
    let sheetTries = 0;
    deps.loadStylesheet = (url) => {
      log.push(`stylesheet ${url}`);
      sheetTries += 1;
      return sheetTries === 1 ? Promise.reject(new Error(`Unable to preload CSS for ${url}`)) : Promise.resolve();
    };
    let calls = 0;
    const load = () =>
      ++calls === 1 ? Promise.reject(new Error(`Unable to preload CSS for ${css}`)) : Promise.resolve('m');
    expect(await loadChunk(load, deps)).toEqual({ kind: 'loaded', module: 'm' });
    expect(log.filter((l) => l.startsWith('stylesheet'))).toEqual([`stylesheet ${css}`, `stylesheet ${css}`]);
    expect(calls).toBe(3);
  });

  it('retries an error that names no URL as if the server were away', async () => {
    const { deps, log } = fakeDeps([]);
    let calls = 0;
    const load = () =>
      ++calls === 1 ? Promise.reject(new TypeError('Importing a module script failed.')) : Promise.resolve('m');
    expect(await loadChunk(load, deps)).toEqual({ kind: 'loaded', module: 'm' });
    expect(log).toEqual(['retrying', 'sleep 500', 'done']);
  });
});
