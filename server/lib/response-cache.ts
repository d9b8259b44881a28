import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import type { ServerEventType } from '../../shared/contracts/live';
import type { EventBus } from './event-bus';

interface Entry {
  body: Buffer;
  etag: string;
  staleAfter: (type: ServerEventType) => boolean;
}

/** Which events make an entry stale. Default: every change but the on-air ones. */
export type StaleAfter = (type: ServerEventType) => boolean;
/** Prompter events (positions arrive ~10 a second while reading) change no cached list. */
export const anyChangeButOnAir: StaleAfter = (type) =>
  type !== 'cg_file_updated' && type !== 'cg_write_failed' && !type.startsWith('prompter_');
export const onAirChange: StaleAfter = (type) => type === 'cg_file_updated';

/** Entries kept per company (page after page of a list); the oldest goes first. */
const MAX_ENTRIES = 64;
/** Builds of a list restarted because the company changed it meanwhile, before the last one runs without pauses. */
const SLICED_ATTEMPTS = 3;

/**
 * A large list built a slice at a time: `slices()` fixes the list's members and order (e.g. the
 * ids, from an index); each slice, run later, reads and presents its items. `pause` hands the loop
 * back between slices (air first: server/lib/time-slices.ts).
 */
export interface SlicedList {
  slices: () => Promise<Array<() => Promise<readonly unknown[]>>>;
  pause: () => Promise<void>;
}

/** A build in progress: the requests that asked meanwhile wait for it; a change makes it stale. */
interface Building {
  key: string;
  staleAfter: StaleAfter;
  stale: boolean;
  done?: Promise<Entry>;
}

/**
 * Serialized answers of large reads, per company, kept until that company's next change. A
 * user who loops a big list then costs a lookup and a socket write instead of a query plus a
 * 25 ms JSON.stringify each time — time the on-air path would otherwise wait for (issue 9 §5).
 * Each entry says which of the company's events make it stale (news lists ignore on-air events,
 * which come fastest; the CG list is stale after each of them).
 */
export class ResponseCache {
  private readonly companies = new Map<number, Map<string, Entry>>();
  private readonly building = new Map<number, Building[]>();
  private readonly unsubscribe: () => void;
  private readonly offGap: () => void;

  constructor(bus: EventBus) {
    this.unsubscribe = bus.subscribe(({ companyId, type }) => {
      const entries = this.companies.get(companyId);
      for (const [key, entry] of entries ?? []) if (entry.staleAfter(type)) entries?.delete(key);
      for (const b of this.building.get(companyId) ?? []) if (b.staleAfter(type)) b.stale = true;
    });
    // Changes another server announced may have been missed (server/live/pg-relay.ts): keep nothing.
    this.offGap = bus.onGap(() => {
      this.companies.clear();
      for (const builds of this.building.values()) for (const b of builds) b.stale = true;
    });
  }

  /**
   * Answers from the cache (or 304 when the client has it), building it when missing. The build
   * reads the store (an await): a change announced meanwhile makes its answer one not kept.
   */
  async send(
    req: Request,
    res: Response,
    companyId: number,
    key: string,
    build: () => unknown,
    staleAfter = anyChangeButOnAir,
  ): Promise<void> {
    const cached = this.get(companyId, key);
    if (cached) return reply(req, res, cached);
    const watch = this.watch(companyId, { key, staleAfter, stale: false });
    try {
      const encoded = encode(JSON.stringify(await build()));
      reply(req, res, watch.stale ? { ...encoded, staleAfter } : this.put(companyId, key, encoded, staleAfter));
    } finally {
      this.unwatch(companyId, watch);
    }
  }

  /**
   * As `send`, for a list too large to build in one turn (the unpaged news list: 1 000 stories,
   * ~2.5 MB, ~30 ms of queries and JSON): built a slice at a time, once for every request that
   * asks meanwhile, so an on-air write never waits behind the whole build. The bytes are those of
   * JSON.stringify of the whole list. A change to the company during the build starts it again,
   * so the list is as of one moment; the last of SLICED_ATTEMPTS runs without pauses and, if
   * changed even then, answers without being kept.
   */
  async sendList(
    req: Request,
    res: Response,
    companyId: number,
    key: string,
    list: SlicedList,
    staleAfter = anyChangeButOnAir,
  ): Promise<void> {
    const entry = this.get(companyId, key) ?? (await this.whenBuilt(companyId, key, list, staleAfter));
    reply(req, res, entry);
  }

  close(): void {
    this.unsubscribe();
    this.offGap();
    this.companies.clear();
  }

  private get(companyId: number, key: string): Entry | undefined {
    return this.companies.get(companyId)?.get(key);
  }

  /** Registered before a build starts: a change announced from its first step on makes it stale. */
  private watch(companyId: number, build: Building): Building {
    this.building.set(companyId, [...(this.building.get(companyId) ?? []), build]);
    return build;
  }

  private unwatch(companyId: number, build: Building): void {
    const left = (this.building.get(companyId) ?? []).filter((b) => b !== build);
    if (left.length) this.building.set(companyId, left);
    else this.building.delete(companyId);
  }

  private whenBuilt(companyId: number, key: string, list: SlicedList, staleAfter: StaleAfter): Promise<Entry> {
    const running = (this.building.get(companyId) ?? []).find((b) => b.key === key && b.done !== undefined);
    if (running?.done) return running.done;
    const build = this.watch(companyId, { key, staleAfter, stale: false });
    const done = this.build(companyId, build, list).finally(() => this.unwatch(companyId, build));
    build.done = done;
    return done;
  }

  private async build(companyId: number, build: Building, list: SlicedList): Promise<Entry> {
    for (let attempt = 1; ; attempt += 1) {
      // The last attempt does not pause between slices: the shortest window for a change.
      const last = attempt === SLICED_ATTEMPTS;
      build.stale = false;
      const parts: string[] = [];
      for (const [i, slice] of (await list.slices()).entries()) {
        if (i > 0 && !last) await list.pause();
        const text = (await slice()).map((item) => JSON.stringify(item)).join(',');
        if (text) parts.push(text);
      }
      const encoded = encode(`[${parts.join(',')}]`);
      if (!build.stale) return this.put(companyId, build.key, encoded, build.staleAfter);
      // Changed during every attempt: this answer is as of its reads, and is not kept.
      if (last) return { ...encoded, staleAfter: build.staleAfter };
    }
  }

  private put(companyId: number, key: string, encoded: Pick<Entry, 'body' | 'etag'>, staleAfter: StaleAfter): Entry {
    const entry = { ...encoded, staleAfter };
    const forCompany = this.companies.get(companyId) ?? new Map<string, Entry>();
    if (forCompany.size >= MAX_ENTRIES) forCompany.delete(forCompany.keys().next().value ?? '');
    forCompany.set(key, entry);
    this.companies.set(companyId, forCompany);
    return entry;
  }
}

/** The bytes of an answer and their strong ETag, computed once per build (not on every send). */
function encode(json: string): Pick<Entry, 'body' | 'etag'> {
  const body = Buffer.from(json);
  return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
}

/**
 * The cached bytes as they are: the headers Express's res.send would set for a JSON Buffer, then
 * the Buffer itself (no re-encoding, no second hash); 304 when the client already has them.
 */
function reply(req: Request, res: Response, entry: Entry): void {
  res.setHeader('ETag', entry.etag);
  res.setHeader('Cache-Control', 'no-cache');
  // This exact ETag, or Express's own freshness check (e.g. the ETag in a list) as res.send made.
  if (req.get('if-none-match') === entry.etag || req.fresh) {
    res.status(304).end();
    return;
  }
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', entry.body.length);
  res.end(entry.body);
}
