import type { News } from '../shared/contracts/news';
import type { ApiClient } from '../server/test/api-client';
import { readerTokens, startReaders } from './abusive-readers';
import { closeTarget, hotPathTarget, type HotPathTarget } from './cg-hot-path';
import { CG_UNDER_LOAD, summaryRow, type BenchRow } from './results';
import { ServerCpu } from './server-cpu';
import { nowMs, summarize, type Summary } from './stats';
import { LOADS } from './table-loads';

/**
 * Issue 40: every open newsroom browser reloads the unpaged news list (the newest 1 000 articles,
 * ~2.5 MB) after each news event. Here 8 staff loop it back to back (their own process) while
 * editors save a story every 200 ms — each save makes the cached list stale — and an operator
 * writes CG every 80 ms to 200 live clients. A write is timed from its POST until all 200 clients
 * have its event. Quiet blocks (no readers, no saves) alternate with loaded ones in one run.
 */
const CG_GAP_MS = 80;
/** A busy newsroom: a story saved five times a second, each save making the cached list stale. */
const EDIT_EVERY_MS = 200;
const READERS = 8;
/** The spec's list: 1 000 articles of ~2.5 kB each as the API answers them (~2.5 MB). */
const ARTICLES = 1000;
const STORY =
  'The council met on Tuesday to discuss the harbour works, the new ferry timetable and the island school. '.repeat(17);

export interface NewsListLoadResult {
  quiet: Summary;
  loaded: Summary;
  /** Size of one unpaged answer, MB. */
  listMb: number;
  articles: number;
  /** The readers' answers by status (200, 429 …) and the saves made while loaded. */
  reads: Record<string, number>;
  saves: number;
  /** The server's air (main) thread CPU per second of loaded block, ms (with a pid). */
  airMsPerS?: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** `writes` CG writes, CG_GAP_MS apart; each sample lasts until every live client has the event. */
async function cgBlock(target: HotPathTarget, writes: number, label: string): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < writes; i++) {
    const content = `${label} ${i} ${Date.now()}`;
    const started = nowMs();
    const delivered = Promise.all(
      target.listeners.map((l) => l.next('cg_file_updated', (d) => (d as { content?: string }).content === content)),
    );
    const res = await target.api.post('/api/cg-files/update-direct', { type: 'headline', content });
    if (res.status !== 200) throw new Error(`CG write failed: ${res.status}`);
    await delivered;
    samples.push(nowMs() - started);
    await sleep(CG_GAP_MS);
  }
  return samples;
}

/** Editors saving one of the listed stories every EDIT_EVERY_MS until stopped; returns how many saves. */
function editorSaving(api: ApiClient, ids: number[]): () => Promise<number> {
  let running = true;
  let saves = 0;
  const loop = (async () => {
    while (running) {
      const id = ids[saves % ids.length]!;
      const res = await api.put(`/api/news/${id}`, { subtitle: `Edited ${saves} at ${new Date().toISOString()}` });
      if (res.status !== 200)
        throw new Error(`news save failed: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
      saves += 1;
      await sleep(EDIT_EVERY_MS);
    }
  })();
  return async () => {
    running = false;
    await loop;
    return saves;
  };
}

/** The station's newest 1 000 stories, written as a newsroom writes them (through the API). */
async function writeStories(api: ApiClient): Promise<void> {
  for (let i = 0; i < ARTICLES; i++) {
    const res = await api.post('/api/news', {
      title: `Harbour works story ${i}`,
      subtitle: `Council session, item ${i}`,
      content: `${STORY}(${i})`,
      category: 'Local',
    });
    if (res.status !== 201)
      throw new Error(`create news failed: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
  }
}

export async function benchNewsListLoad(
  api: ApiClient,
  pid?: number,
  rounds = 4,
  perBlock = 100,
): Promise<NewsListLoadResult> {
  await writeStories(api);
  const list = await api.get<News[]>('/api/news');
  if (list.status !== 200) throw new Error(`GET /api/news failed: ${list.status}`);
  const listMb = Math.round((Buffer.byteLength(JSON.stringify(list.body)) / 1e6) * 100) / 100;
  const ids = list.body
    .filter((n) => n.status !== 'published')
    .slice(0, 50)
    .map((n) => n.id);
  const tokens = await readerTokens(api, READERS);
  const target = await hotPathTarget(api, null, 200);
  const quiet: number[] = [];
  const loaded: number[] = [];
  const reads: Record<string, number> = {};
  let saves = 0;
  const cpu = new ServerCpu(pid);
  let loadedMs = 0;
  try {
    await cgBlock(target, 20, 'warm');
    for (let r = 0; r < rounds; r++) {
      quiet.push(...(await cgBlock(target, perBlock, `Quiet ${r}`)));
      const stopReaders = await startReaders(api.baseUrl, tokens, ['/api/news']);
      const stopSaving = editorSaving(api, ids);
      await sleep(300); // the readers are in full swing
      const started = nowMs();
      try {
        loaded.push(...(await cpu.during(() => cgBlock(target, perBlock, `Loaded ${r}`))));
      } finally {
        loadedMs += nowMs() - started;
        saves += await stopSaving();
        for (const [status, n] of Object.entries(await stopReaders())) reads[status] = (reads[status] ?? 0) + n;
      }
    }
  } finally {
    closeTarget(target);
  }
  const airMsPerS = pid === undefined ? undefined : Math.round(cpu.airMs / (loadedMs / 1000));
  return {
    quiet: summarize(quiet),
    loaded: summarize(loaded),
    listMb,
    articles: list.body.length,
    reads,
    saves,
    airMsPerS,
  };
}

/** `npm run bench -- --only newslist`: the loaded writes against the target, the quiet ones for comparison. */
export async function newsListRows(api: ApiClient, pid?: number): Promise<BenchRow[]> {
  const r = await benchNewsListLoad(api, pid);
  const reads = Object.entries(r.reads)
    .map(([status, n]) => `${n}× ${status}`)
    .join(', ');
  const ratio = (r.loaded.p99 / r.quiet.p99).toFixed(2);
  return [
    summaryRow(
      LOADS,
      `CG write (200 live clients, every 80 ms) during ${READERS} staff looping unpaged GET /api/news (${r.articles} articles, ${r.listMb} MB; answered ${reads}) and ${r.saves} stories saved, one every ${EDIT_EVERY_MS} ms; ${ratio}× quiet${r.airMsPerS === undefined ? '' : `; server air thread ${r.airMsPerS} ms CPU per s`}`,
      r.loaded,
      CG_UNDER_LOAD,
    ),
    summaryRow(LOADS, '  the same writes, quiet blocks of the same run', r.quiet),
  ];
}
