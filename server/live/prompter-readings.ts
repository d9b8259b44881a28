import type { RelayedPrompterPosition } from '../../shared/contracts/prompters';

/** Readers of one prompter: socket → its last position, in publish order (the last is the newest). */
type Readers = Map<object, RelayedPrompterPosition>;

/** What a reader's leaving did to a prompter: another screen now reads it, or nobody does. */
export interface ReaderChange {
  prompterId: number;
  /** The newest position of a screen still reading it, or null: no screen reads it any more. */
  now: RelayedPrompterPosition | null;
}

/**
 * Where each prompter is read now, per company (issue 38, point 5): the last position each
 * operator's screen published, kept in memory while its socket lives. A follower or a remote that
 * joins late is given the newest at once instead of waiting for the operator's next move (a
 * paused operator sends none). Bounded by the sockets: a socket's entries go when it closes.
 */
export class PrompterReadings {
  /** companyId → prompterId → readers. */
  private readonly companies = new Map<number, Map<number, Readers>>();
  /** socket → the prompters it published for (to forget them when it closes). */
  private readonly bySocket = new Map<object, Set<number>>();

  record(companyId: number, socket: object, position: RelayedPrompterPosition): void {
    const prompters = this.companies.get(companyId) ?? new Map<number, Readers>();
    this.companies.set(companyId, prompters);
    const readers = prompters.get(position.prompterId) ?? new Map<object, RelayedPrompterPosition>();
    prompters.set(position.prompterId, readers);
    readers.delete(socket); // re-inserted last: Map order is publish order
    readers.set(socket, position);
    const mine = this.bySocket.get(socket) ?? new Set<number>();
    mine.add(position.prompterId);
    this.bySocket.set(socket, mine);
  }

  /** The newest position of every prompter of the company that a screen reads now. */
  latest(companyId: number): RelayedPrompterPosition[] {
    const prompters = this.companies.get(companyId);
    if (!prompters) return [];
    return [...prompters.values()].map(newest).filter((p): p is RelayedPrompterPosition => p !== null);
  }

  /** A deleted prompter: nobody reads it. */
  forget(companyId: number, prompterId: number): void {
    const prompters = this.companies.get(companyId);
    for (const socket of prompters?.get(prompterId)?.keys() ?? []) this.bySocket.get(socket)?.delete(prompterId);
    prompters?.delete(prompterId);
  }

  /** A socket closed: its readings go; the prompters whose newest reader it was are returned. */
  leave(companyId: number, socket: object): ReaderChange[] {
    const prompters = this.companies.get(companyId);
    const changes: ReaderChange[] = [];
    for (const prompterId of this.bySocket.get(socket) ?? []) {
      const readers = prompters?.get(prompterId);
      if (!readers) continue;
      const wasNewest = [...readers.keys()].at(-1) === socket;
      readers.delete(socket);
      if (readers.size === 0) prompters?.delete(prompterId);
      if (wasNewest) changes.push({ prompterId, now: newest(readers) });
    }
    this.bySocket.delete(socket);
    if (prompters?.size === 0) this.companies.delete(companyId);
    return changes;
  }
}

function newest(readers: Readers): RelayedPrompterPosition | null {
  return [...readers.values()].at(-1) ?? null;
}
