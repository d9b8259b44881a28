import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import type { ServerEventType } from '../../shared/contracts/live';
import type { EventBus } from './event-bus';

interface Entry {
  body: Buffer;
  etag: string;
}

/**
 * Serialized answers of large reads, per company, kept until that company's next change. A
 * user who loops a big list then costs a lookup and a socket write instead of a query plus a
 * 25 ms JSON.stringify each time — time the on-air path would otherwise wait for (issue 9 §5).
 * On-air events do not invalidate: they change no cached list, and they come fastest.
 */
export class ResponseCache {
  private readonly companies = new Map<number, Map<string, Entry>>();
  private readonly unsubscribe: () => void;

  constructor(bus: EventBus, unrelated: ReadonlySet<ServerEventType> = ON_AIR_EVENTS) {
    this.unsubscribe = bus.subscribe((event) => {
      if (!unrelated.has(event.type)) this.companies.delete(event.companyId);
    });
  }

  /** Answers from the cache (or 304 when the client has it), building it once when missing. */
  send(req: Request, res: Response, companyId: number, key: string, build: () => unknown): void {
    const entry = this.get(companyId, key) ?? this.put(companyId, key, build());
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

  private put(companyId: number, key: string, value: unknown): Entry {
    const body = Buffer.from(JSON.stringify(value));
    // Computed once per build; Express would otherwise hash the body on every send.
    const entry = { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
    const forCompany = this.companies.get(companyId) ?? new Map<string, Entry>();
    forCompany.set(key, entry);
    this.companies.set(companyId, forCompany);
    return entry;
  }
}

const ON_AIR_EVENTS: ReadonlySet<ServerEventType> = new Set<ServerEventType>(['cg_file_updated', 'cg_write_failed']);
