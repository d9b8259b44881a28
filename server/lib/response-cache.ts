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
export const anyChangeButOnAir: StaleAfter = (type) => type !== 'cg_file_updated' && type !== 'cg_write_failed' && !type.startsWith('prompter_');
export const onAirChange: StaleAfter = (type) => type === 'cg_file_updated';

/** Entries kept per company (page after page of a list); the oldest goes first. */
const MAX_ENTRIES = 64;

/**
 * Serialized answers of large reads, per company, kept until that company's next change. A
 * user who loops a big list then costs a lookup and a socket write instead of a query plus a
 * 25 ms JSON.stringify each time — time the on-air path would otherwise wait for (issue 9 §5).
 * Each entry says which of the company's events make it stale (news lists ignore on-air events,
 * which come fastest; the CG list is stale after each of them).
 */
export class ResponseCache {
  private readonly companies = new Map<number, Map<string, Entry>>();
  private readonly unsubscribe: () => void;

  constructor(bus: EventBus) {
    this.unsubscribe = bus.subscribe(({ companyId, type }) => {
      const entries = this.companies.get(companyId);
      for (const [key, entry] of entries ?? []) if (entry.staleAfter(type)) entries?.delete(key);
    });
  }

  /** Answers from the cache (or 304 when the client has it), building it once when missing. */
  send(req: Request, res: Response, companyId: number, key: string, build: () => unknown, staleAfter = anyChangeButOnAir): void {
    const entry = this.get(companyId, key) ?? this.put(companyId, key, build(), staleAfter);
    res.setHeader('ETag', entry.etag);
    res.setHeader('Cache-Control', 'no-cache');
    if (req.get('if-none-match') === entry.etag) {
      res.status(304).end();
      return;
    }
    res.type('application/json; charset=utf-8').send(entry.body);
  }

  close(): void {
    this.unsubscribe();
    this.companies.clear();
  }

  private get(companyId: number, key: string): Entry | undefined {
    return this.companies.get(companyId)?.get(key);
  }

  private put(companyId: number, key: string, value: unknown, staleAfter: StaleAfter): Entry {
    const body = Buffer.from(JSON.stringify(value));
    // Computed once per build; Express would otherwise hash the body on every send.
    const entry = { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"`, staleAfter };
    const forCompany = this.companies.get(companyId) ?? new Map<string, Entry>();
    if (forCompany.size >= MAX_ENTRIES) forCompany.delete(forCompany.keys().next().value ?? '');
    forCompany.set(key, entry);
    this.companies.set(companyId, forCompany);
    return entry;
  }
}
